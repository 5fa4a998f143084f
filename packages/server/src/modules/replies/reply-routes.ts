import {
  answerReceivedDocumentSchema,
  apiErrorSchema,
  caseMessageSchema,
  caseReplySchema,
  startReplySchema,
} from '@dilosi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import {
  acceptCitizenMessageUploads,
  findCase,
  listCaseReplies,
  sendCitizenMessageOf,
} from '../cases';
import { documentResponseSchema } from '../documents';
import { requireEntityClerk } from '../staff';
import { listCreatableTemplates } from './list-creatable-templates';
import type { ReplyServices } from './reply-services';
import {
  caseParams,
  creatableTemplatesQuery,
  creatableTemplatesSchema,
  entityParams,
} from './schemas';
import { entityDocumentRoutes } from './entity-document-routes';
import { gateDocumentRoutes } from './gate-document-routes';
import { startEntityDocument } from './start-entity-document';
import { startReply } from './start-reply';

const docs = docsOf('replies');

/**
 * Replies to cases and documents an entity issues (spec section 7: `entity/{e}/inbox/{i}/reply`,
 * `entity/{id}/creatable-templates`, and the entity scope of the wizard). Clerks and heads of the
 * entity only, re-checked on every request; a disabled entity's writes answer 409.
 */
export async function replyRoutes(app: FastifyInstance, services: ReplyServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  const clerkOf = (request: FastifyRequest, entityId: string) =>
    requireEntityClerk(db, request, entityId);
  const writerOf = (request: FastifyRequest, entityId: string) =>
    requireEntityClerk(db, request, entityId, { write: true });

  api.get(
    '/entity/:e/creatable-templates',
    {
      schema: {
        ...docs('The templates the entity may issue (use=issue) or reply with (use=reply)'),
        params: entityParams,
        querystring: creatableTemplatesQuery,
        response: { 200: creatableTemplatesSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await clerkOf(request, request.params.e);
      return listCreatableTemplates(db, services.catalog, {
        ...request.query,
        entityId: entity.id,
      });
    },
  );

  api.post(
    '/entity/:e/inbox/:i/reply',
    {
      schema: {
        ...docs('Start a reply to the case from one of the entity’s reply templates'),
        params: caseParams,
        body: startReplySchema,
        response: { 201: documentResponseSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entity } = await writerOf(request, request.params.e);
      const document = await startReply(services, {
        locale: requestLocale(request),
        user,
        entity,
        inboxId: request.params.i,
        template: request.body.template,
      });
      return reply.status(201).send({ data: { document } });
    },
  );

  api.get(
    '/entity/:e/inbox/:i/replies',
    {
      schema: {
        ...docs('The entity’s replies to the case: issued ones and drafts'),
        params: caseParams,
        response: { 200: z.object({ data: z.array(caseReplySchema) }), ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await clerkOf(request, request.params.e);
      const entry = await findCase(db, entity.id, request.params.i);
      return { data: await listCaseReplies(db, services.catalog, entry.id) };
    },
  );

  api.post(
    '/entity/:e/documents',
    {
      schema: {
        ...docs('Start a document the entity issues to a citizen'),
        params: entityParams,
        body: startReplySchema,
        response: { 201: documentResponseSchema, ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entity } = await writerOf(request, request.params.e);
      const document = await startEntityDocument(services, {
        locale: requestLocale(request),
        user,
        entity,
        template: request.body.template,
      });
      return reply.status(201).send({ data: { document } });
    },
  );

  await entityDocumentRoutes(app, services);
  await gateDocumentRoutes(app, services);

  // The citizen's answer to a message about a case: the same use case as writing into the
  // case's thread from her vault (issue #33), JSON or multipart with one PDF.
  await app.register(async (writes) => {
    await acceptCitizenMessageUploads(writes, services);
    writes.withTypeProvider<ZodTypeProvider>().post(
      '/gates/USER/gate/inbox-entries/:id/reply',
      {
        schema: {
          ...docs(
            'The citizen answers a message or document an entity sent her about a case; it ' +
              'reaches the case’s thread (JSON, or multipart with one PDF in file__attachment)',
          ),
          params: z.object({ id: z.string().max(64) }),
          body: answerReceivedDocumentSchema,
          response: {
            201: z.object({ data: caseMessageSchema }),
            ...routeErrors,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const answer = await sendCitizenMessageOf(services, db, request, reply, {
          user: requireUser(request),
          target: { messageId: request.params.id },
          message: request.body.message,
        });
        return reply.status(201).send({ data: answer });
      },
    );
  });
}
