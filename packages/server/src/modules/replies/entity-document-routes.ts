import {
  canRunUserAction,
  documentActionRequestSchema,
  documentActionResponseSchema,
  entityDocumentWriteSchema,
  pdfTokenResponseSchema,
  type DocumentState,
} from '@dilosi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import {
  backstepDocument,
  declarationNotFound,
  documentResponseSchema,
  documentWriteResponseSchema,
  findAsIssuer,
  getDocument,
  notAllowedOnState,
  readScopeActions,
  refuseTargets,
  runScopeAction,
  saveDocumentStep,
  toActionAnswer,
  uploadsOf,
  writeAnswer,
} from '../documents';
import { pdfDownloadUrl } from '../issuance';
import { requireUser } from '../auth';
import { requireEntityClerk, requireEntityRole } from '../staff';
import { documentServicesOf, type ReplyServices } from './reply-services';
import { entityDocumentParams } from './schemas';

const docs = docsOf('replies');

/**
 * The wizard in the entity's scope (spec section 7, `entity/{e}/documents/{id}`): a reply or a
 * document the entity issues, read, saved step by step (the preview's `submit` issues it),
 * taken back a step, downloaded. Clerks and heads of the entity only; writes need it enabled.
 */
export async function entityDocumentRoutes(app: FastifyInstance, services: ReplyServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  const documents = documentServicesOf(services);
  const clerkOf = (request: FastifyRequest, entityId: string) =>
    requireEntityClerk(db, request, entityId);
  const writerOf = (request: FastifyRequest, entityId: string) =>
    requireEntityClerk(db, request, entityId, { write: true });

  api.get(
    '/entity/:e/documents/:id',
    {
      schema: {
        ...docs('A reply or document of the entity at its current step'),
        params: entityDocumentParams,
        response: { 200: documentResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await clerkOf(request, request.params.e);
      const document = await getDocument(documents, { kind: 'entity', entity }, request.params.id);
      return { data: { document } };
    },
  );

  api.post(
    '/entity/:e/documents/:id',
    {
      schema: {
        ...docs(
          'Save the current step of the entity’s document; at the preview `submit` issues it ' +
            '(a reply with `reply_case_status`: what that does to the case)',
        ),
        params: entityDocumentParams,
        body: entityDocumentWriteSchema,
        response: { 200: documentWriteResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await writerOf(request, request.params.e);
      refuseTargets(request.body);
      const issuer = {
        kind: 'entity',
        entity,
        caseStatus: request.body.reply_case_status,
      } as const;
      const document = await saveDocumentStep(documents, issuer, {
        locale: requestLocale(request),
        uploads: uploadsOf(request),
        user,
        id: request.params.id,
        document: request.body.document,
        action: request.body.action,
      });
      return writeAnswer(document, request.body.interactive);
    },
  );

  api.post(
    '/entity/:e/documents/:id/backstep',
    {
      schema: {
        ...docs('Go back one step of the entity’s document'),
        params: entityDocumentParams,
        response: { 200: documentResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entity } = await writerOf(request, request.params.e);
      const document = await backstepDocument(
        documents,
        { kind: 'entity', entity },
        {
          id: request.params.id,
          userId: user.id,
        },
      );
      return { data: { document } };
    },
  );

  api.post(
    '/entity/:e/documents/:id/pdf/token',
    {
      schema: {
        ...docs('A short-lived download address of the entity’s issued document'),
        params: entityDocumentParams,
        response: { 200: pdfTokenResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entity } = await clerkOf(request, request.params.e);
      const stored = await findAsIssuer(db, { kind: 'entity', entity }, request.params.id);
      if (!stored) throw declarationNotFound();
      if (!canRunUserAction(stored.state as DocumentState, 'pdf')) throw notAllowedOnState();
      const { url, expiresAt } = pdfDownloadUrl(services, stored.id);
      return {
        data: { download_url: url, expires_at: expiresAt.toISOString() },
        meta: { download_url: url },
      };
    },
  );

  api.post(
    '/gates/:codename/gate/documents/action',
    {
      schema: {
        ...docs(
          'Run an action on one of the documents the entity issues (`object_id`): retrieve, ' +
            'pdf, download-attachment',
        ),
        params: z.object({ codename: z.string().max(64) }),
        body: documentActionRequestSchema,
        response: { 200: documentActionResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const gate = await db
        .selectFrom('entities')
        .select('id')
        .where('codename', '=', request.params.codename)
        .executeTakeFirst();
      // An unknown gate answers like an entity the caller holds no role in.
      const { entity } = await requireEntityRole(db, user, gate?.id ?? '', 'clerk');
      const objectId = request.body.object_id;
      if (!objectId) {
        throw new AppError(400, 'invalid_request', {
          invalid_fields: [{ invalid_field: 'object_id', error_info: { code: 'required' } }],
        });
      }
      const stored = await findAsIssuer(db, { kind: 'entity', entity }, objectId);
      if (!stored) throw declarationNotFound();
      const { document, outcome } = await runScopeAction(
        services,
        readScopeActions,
        { scope: 'gates/{gateId}/gate/documents', role: 'staff', user, stored },
        {
          action: request.body.action,
          args: request.body.arguments,
          locale: requestLocale(request),
        },
      );
      if (!document) throw declarationNotFound();
      return toActionAnswer(document, outcome);
    },
  );
}
