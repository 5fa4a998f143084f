import {
  annotationFieldListSchema,
  annotationFieldRequestSchema,
  annotationFieldSchema,
  annotationValueRequestSchema,
  caseAnnotationsResponseSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import { requireEnabledEntity, requireEntityClerk, requireEntityRole } from '../staff';
import {
  caseAnnotations,
  createAnnotationField,
  deleteAnnotationField,
  listAnnotationFields,
  setCaseAnnotation,
} from './case-annotations';
import type { CaseServices } from './case-services';

const docs = docsOf('cases');

/**
 * Typed private annotations of an entity's cases (issue #41; our extension, docs/api.md
 * "Annotations"): its heads define the fields, its clerks and heads read and fill them on each
 * case. Other entities' staff get 404, citizens 403, as every entity route.
 */
export async function annotationRoutes(app: FastifyInstance, services: CaseServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  const entityParams = z.object({ e: z.string().max(64) });

  api.get(
    '/entity/:e/annotation-fields',
    {
      schema: {
        ...docs("The entity's annotation fields, in the order they were added"),
        params: entityParams,
        response: { 200: annotationFieldListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      return { data: await listAnnotationFields(db, entity.id) };
    },
  );

  api.post(
    '/entity/:e/annotation-fields',
    {
      schema: {
        ...docs('A head adds an annotation field: yes/no, date, choice, number or text'),
        params: entityParams,
        body: annotationFieldRequestSchema,
        response: { 201: z.object({ data: annotationFieldSchema }), ...routeErrors },
      },
    },
    async (request, reply) => {
      const access = requireEnabledEntity(
        await requireEntityRole(db, requireUser(request), request.params.e, 'head'),
      );
      const field = await createAnnotationField(db, services.catalog, {
        entityId: access.entity.id,
        ...request.body,
      });
      return reply.status(201).send({ data: field });
    },
  );

  api.delete(
    '/entity/:e/annotation-fields/:id',
    {
      schema: {
        ...docs('A head deletes an annotation field and all its values'),
        params: z.object({ e: z.string().max(64), id: z.string().max(64) }),
        response: { 204: z.null(), ...routeErrors },
      },
    },
    async (request, reply) => {
      const access = requireEnabledEntity(
        await requireEntityRole(db, requireUser(request), request.params.e, 'head'),
      );
      await deleteAnnotationField(db, { entityId: access.entity.id, id: request.params.id });
      return reply.status(204).send(null);
    },
  );

  const caseParams = z.object({ e: z.string().max(64), i: z.string().max(64) });

  api.get(
    '/entity/:e/inbox/:i/annotations',
    {
      schema: {
        ...docs('The annotation fields of a case, with their values'),
        params: caseParams,
        response: { 200: caseAnnotationsResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await requireEntityClerk(db, request, request.params.e);
      return {
        data: await caseAnnotations(db, { entityId: entity.id, inboxId: request.params.i }),
      };
    },
  );

  api.put(
    '/entity/:e/inbox/:i/annotations/:fieldId',
    {
      schema: {
        ...docs("Set, change or clear (null) one of a case's annotations"),
        params: z.object({
          e: z.string().max(64),
          i: z.string().max(64),
          fieldId: z.string().max(64),
        }),
        body: annotationValueRequestSchema,
        response: { 200: caseAnnotationsResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await requireEntityClerk(db, request, request.params.e, {
        write: true,
      });
      return {
        data: await setCaseAnnotation(db, {
          entityId: entity.id,
          inboxId: request.params.i,
          fieldId: request.params.fieldId,
          userId: user.id,
          value: request.body.value,
        }),
      };
    },
  );
}
