import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import {
  acceptMultipartUploads,
  documentBodySchema,
  documentWriteResponseSchema,
  uploadsOf,
  writeAnswer,
} from '../documents';
import { requireEnabledEntity, requireEntityRole } from '../staff';
import { createEntityDocument } from './create-entity-document';
import type { ReplyServices } from './reply-services';

const docs = docsOf('replies');

/**
 * POST /api/gates/{codename}/gate/documents (spec section 7): an entity's create on its own
 * scope, addressed by codename — a reply when `targets` names one of its cases, else a document
 * it issues to a citizen. Its clerks and heads only (the `USER` gate is the citizen's, a route
 * of its own); an unknown codename answers like an entity the caller holds no role in.
 */
export async function gateDocumentRoutes(app: FastifyInstance, services: ReplyServices) {
  const { db } = services.database;
  await app.register(async (writes) => {
    await acceptMultipartUploads(writes, {
      maxFileSize: services.catalog.maxFileSize(services.config.FILE_MAX_SIZE),
      pdfInspector: services.pdfInspector,
      files: 20,
    });
    writes.withTypeProvider<ZodTypeProvider>().post(
      '/gates/:codename/gate/documents',
      {
        schema: {
          ...docs(
            'An entity creates a document: a reply to its case (`targets` of type entry) or a ' +
              'document it issues to a citizen',
          ),
          consumes: ['application/json', 'multipart/form-data'],
          params: z.object({ codename: z.string().max(64) }),
          body: documentBodySchema,
          response: { 201: documentWriteResponseSchema, ...routeErrors },
        },
      },
      async (request, reply) => {
        const user = requireUser(request);
        const entity = await db
          .selectFrom('entities')
          .select('id')
          .where('codename', '=', request.params.codename)
          .executeTakeFirst();
        const access = requireEnabledEntity(
          await requireEntityRole(db, user, entity?.id ?? '', 'clerk'),
        );
        const document = await createEntityDocument(services, {
          locale: requestLocale(request),
          user,
          entity: access.entity,
          body: request.body,
          uploads: uploadsOf(request),
        });
        return reply.status(201).send(writeAnswer(document, request.body.interactive));
      },
    );
  });
}
