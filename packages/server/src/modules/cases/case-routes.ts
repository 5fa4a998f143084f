import {
  apiErrorSchema,
  assignCaseSchema,
  bulkCaseActionSchema,
  bulkCaseResultSchema,
  caseNeighboursSchema,
  caseDetailResponseSchema,
  caseDownloadSchema,
  caseMessageListSchema,
  caseMessageSchema,
  caseNoteListSchema,
  caseNoteSchema,
  caseDecisionRequestSchema,
  changeCaseStateSchema,
  historyListSchema,
  inboxListSchema,
  inboxQuerySchema,
  inboxResolveSchema,
  newCaseMessageSchema,
  newCaseNoteSchema,
  staffAlertPreferenceResponseSchema,
  staffAlertPreferenceSchema,
} from '@dilosi/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Readable } from 'node:stream';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireEntityClerk } from '../staff';
import { addCaseNote } from './add-case-note';
import { assignCase } from './assign-case';
import { bulkUpdateCases } from './bulk-update-cases';
import {
  caseAttachmentUrl,
  caseMessageFileUrl,
  casePdfUrl,
  replyWithCaseFile,
  replyWithCaseMessageFile,
} from './case-downloads';
import { listCaseHistory, listCaseMessages, listCaseNotes } from './case-history';
import { now } from '../../clock';
import { markCaseSeen } from './case-activity';
import { isCaseFollowed } from './case-follows';
import { caseNeighbours } from './case-neighbours';
import { findCase } from './case-queries';
import type { CaseServices } from './case-services';
import { changeCaseState } from './change-case-state';
import { decideCase } from './decide-case';
import { exportInbox } from './export-inbox';
import { getAlertPreference } from './get-alert-preference';
import { getCase, recordCaseView } from './get-case';
import { listInbox } from './list-inbox';
import { caseDocumentHistoryRoute } from './list-case-document-history';
import { sendCaseMessage } from './send-case-message';
import { setAlertPreference } from './set-alert-preference';

const entityParams = z.object({ e: z.string().max(64) });
const caseParams = z.object({ e: z.string().max(64), i: z.string().max(64) });
const docs = docsOf('cases');

/**
 * The entity's cases (spec section 7, `entity/{e}/inbox…`); inside the authenticated route tree.
 * Every route first checks the caller's active clerk (or head) role on that entity.
 */
export async function caseRoutes(app: FastifyInstance, services: CaseServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  const clerkOf = async (request: FastifyRequest, entityId: string) => {
    const { user, entity } = await requireEntityClerk(db, request, entityId);
    return { user, entityId: entity.id };
  };
  // A disabled entity's cases are read-only: the changing routes answer 409 entity_disabled.
  const writerOf = async (request: FastifyRequest, entityId: string) => {
    const { user, entity } = await requireEntityClerk(db, request, entityId, { write: true });
    return { user, entityId: entity.id };
  };

  api.get(
    '/entity/:e/inbox',
    {
      schema: {
        ...docs("One page of the entity's cases, filtered, with the tab counts"),
        params: entityParams,
        querystring: inboxQuerySchema,
        response: { 200: inboxListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await clerkOf(request, request.params.e);
      return listInbox(db, services.catalog, { entityId, userId: user.id, query: request.query });
    },
  );

  api.get(
    '/entity/:e/alert-preference',
    {
      schema: {
        ...docs("The caller's own alerts of the entity's new cases and citizens' answers"),
        params: entityParams,
        response: { 200: staffAlertPreferenceResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await clerkOf(request, request.params.e);
      return { data: await getAlertPreference(db, { entityId, userId: user.id }) };
    },
  );

  api.put(
    '/entity/:e/alert-preference',
    {
      schema: {
        ...docs('Choose how to be told: each event, a daily digest, or none'),
        params: entityParams,
        body: staffAlertPreferenceSchema,
        response: { 200: staffAlertPreferenceResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await clerkOf(request, request.params.e);
      const mode = request.body.mode;
      return { data: await setAlertPreference(db, { entityId, userId: user.id, mode }) };
    },
  );

  api.get(
    '/entity/:e/inbox/export.csv',
    {
      schema: {
        ...docs('The filtered list as CSV (UTF-8 with BOM, headers in the interface language)'),
        params: entityParams,
        querystring: inboxQuerySchema,
        response: routeErrors,
      },
    },
    async (request, reply) => {
      const { user, entityId } = await clerkOf(request, request.params.e);
      const locale = requestLocale(request);
      const lines = exportInbox(db, services.catalog, {
        entityId,
        userId: user.id,
        query: request.query,
        locale,
        onFailure: (error) => request.log.error({ err: error }, 'inbox export cut short'),
      });
      const day = new Date().toISOString().slice(0, 10);
      // A stream is sent as it is, not through the response schema.
      return (reply as FastifyReply)
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="cases-${day}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(lines));
    },
  );

  api.post(
    '/entity/:e/inbox/bulk',
    {
      schema: {
        ...docs('Assign or set the status of the selected cases, each with its own history'),
        params: entityParams,
        body: bulkCaseActionSchema,
        response: { 200: bulkCaseResultSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await writerOf(request, request.params.e);
      return {
        data: await bulkUpdateCases(db, { entityId, userId: user.id, action: request.body }),
      };
    },
  );

  api.get(
    '/entity/:e/inbox/:i/neighbours',
    {
      schema: {
        ...docs('The cases before and after this one in the list with these filters and order'),
        params: caseParams,
        querystring: inboxQuerySchema,
        response: { 200: caseNeighboursSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await clerkOf(request, request.params.e);
      return {
        data: await caseNeighbours(db, services.catalog, {
          entityId,
          userId: user.id,
          inboxId: request.params.i,
          query: request.query,
        }),
      };
    },
  );

  api.get(
    '/entity/:e/inbox-entry-resolve/:i',
    {
      schema: {
        ...docs('The case an inbox-entry id names'),
        params: caseParams,
        response: { 200: inboxResolveSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await clerkOf(request, request.params.e);
      const entry = await findCase(db, entityId, request.params.i);
      return { entry_id: entry.id };
    },
  );

  api.get(
    '/entity/:e/inbox/:i',
    {
      schema: {
        ...docs('The case page: the document as issued and the tab counts'),
        params: caseParams,
        response: { 200: caseDetailResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const access = await requireEntityClerk(db, request, request.params.e);
      const detail = await getCase(db, services.catalog, {
        entityId: access.entity.id,
        inboxId: request.params.i,
      });
      recordCaseView(services.accessLog, detail, access);
      // Opening the case is what clears its new-activity mark for this staff member.
      await markCaseSeen(db, { entryId: detail.id, userId: access.user.id, at: now() });
      const followed = await isCaseFollowed(db, { inboxId: detail.id, userId: access.user.id });
      return { data: { ...detail, followed } };
    },
  );

  api.get(
    '/entity/:e/inbox/:i/history',
    {
      schema: {
        ...docs("The case's history"),
        params: caseParams,
        response: { 200: historyListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await clerkOf(request, request.params.e);
      return {
        data: await listCaseHistory(db, {
          entityId,
          inboxId: request.params.i,
          locale: requestLocale(request),
        }),
      };
    },
  );

  await caseDocumentHistoryRoute(app, services);

  api.get(
    '/entity/:e/inbox/:i/comments',
    {
      schema: {
        ...docs('Internal notes'),
        params: caseParams,
        response: { 200: caseNoteListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await clerkOf(request, request.params.e);
      return { data: await listCaseNotes(db, { entityId, inboxId: request.params.i }) };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/comments',
    {
      schema: {
        ...docs('Add an internal note'),
        params: caseParams,
        body: newCaseNoteSchema,
        response: { 201: z.object({ data: caseNoteSchema }), ...routeErrors },
      },
    },
    async (request, reply) => {
      const { user, entityId } = await writerOf(request, request.params.e);
      const note = await addCaseNote(db, {
        entityId,
        inboxId: request.params.i,
        userId: user.id,
        comment: request.body.comment,
      });
      return reply.code(201).send({ data: note });
    },
  );

  api.get(
    '/entity/:e/inbox/:i/communications',
    {
      schema: {
        ...docs('Messages with the citizen'),
        params: caseParams,
        response: { 200: caseMessageListSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await clerkOf(request, request.params.e);
      return { data: await listCaseMessages(db, { entityId, inboxId: request.params.i }) };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/communications',
    {
      schema: {
        ...docs('Message the citizen (SMS and e-mail alert)'),
        params: caseParams,
        body: newCaseMessageSchema,
        response: {
          201: z.object({ data: caseMessageSchema }),
          ...routeErrors,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { user, entityId } = await writerOf(request, request.params.e);
      const message = await sendCaseMessage(services, db, {
        entityId,
        inboxId: request.params.i,
        userId: user.id,
        message: request.body.message,
      }).catch((error: unknown) => {
        // The entity's messages per minute or hour are used: say when it may send again.
        if (error instanceof AppError && error.code === 'event_limit_reached') {
          void reply.header('Retry-After', String(error.data?.retry_after_seconds));
        }
        throw error;
      });
      return reply.code(201).send({ data: message });
    },
  );

  api.post(
    '/entity/:e/inbox/:i/change_state',
    {
      schema: {
        ...docs("Set the case's status; canceled (reject) needs a reason"),
        params: caseParams,
        body: changeCaseStateSchema,
        response: { 200: caseDetailResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await writerOf(request, request.params.e);
      const inboxId = request.params.i;
      await changeCaseState(db, { entityId, inboxId, userId: user.id, ...request.body });
      return { data: await getCase(db, services.catalog, { entityId, inboxId }) };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/decision',
    {
      schema: {
        ...docs(
          'A motivated decision on an open case: accepted, refused or closed without action, with its reason and optionally an issued reply; the citizen gets it in her mailbox (issue #41)',
        ),
        params: caseParams,
        body: caseDecisionRequestSchema,
        response: { 200: caseDetailResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await writerOf(request, request.params.e);
      const inboxId = request.params.i;
      await decideCase(services, db, { entityId, inboxId, userId: user.id, ...request.body });
      return { data: await getCase(db, services.catalog, { entityId, inboxId }) };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/assign',
    {
      schema: {
        ...docs('Assign the case to an active clerk (an incoming case becomes pending)'),
        params: caseParams,
        body: assignCaseSchema,
        response: { 200: caseDetailResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { user, entityId } = await writerOf(request, request.params.e);
      const inboxId = request.params.i;
      await assignCase(db, {
        entityId,
        inboxId,
        userId: user.id,
        assigneeId: request.body.user_id,
      });
      return { data: await getCase(db, services.catalog, { entityId, inboxId }) };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/pdf/token',
    {
      schema: {
        ...docs("A download address of the case's PDF"),
        params: caseParams,
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const access = await requireEntityClerk(db, request, request.params.e);
      const { url, documentId } = await casePdfUrl(services, db, {
        entityId: access.entity.id,
        inboxId: request.params.i,
      });
      // The owner's access log says staff took the PDF (issue #33), with their entity and role.
      services.accessLog.record({
        documentId,
        kind: 'pdf_download',
        entityId: access.entity.id,
        staffRole: access.roles.includes('head') ? 'head' : 'clerk',
      });
      return { download_url: url };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/attachments/:n/token',
    {
      schema: {
        ...docs('A download address of one attachment of the case'),
        params: caseParams.extend({ n: z.coerce.number().int().min(0).max(1000) }),
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await clerkOf(request, request.params.e);
      const url = await caseAttachmentUrl(services, db, {
        entityId,
        inboxId: request.params.i,
        index: request.params.n,
      });
      return { download_url: url };
    },
  );

  api.post(
    '/entity/:e/inbox/:i/communications/:m/attachment/token',
    {
      schema: {
        ...docs('A download address of the PDF the citizen attached to one of her messages'),
        params: caseParams.extend({ m: z.string().max(64) }),
        response: { 200: caseDownloadSchema, ...routeErrors },
      },
    },
    async (request) => {
      const { entityId } = await clerkOf(request, request.params.e);
      const entry = await findCase(db, entityId, request.params.i);
      const url = await caseMessageFileUrl(services, db, {
        entryId: entry.id,
        messageId: request.params.m,
      });
      return { download_url: url };
    },
  );
}

/** GET /api/case-files/{token}: public, the token is the authorisation. */
export async function publicCaseRoutes(app: FastifyInstance, services: CaseServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/case-files/:token',
    {
      schema: {
        tags: ['cases'],
        summary: 'Download a case attachment by its short-lived token',
        params: z.object({ token: z.string().max(100) }),
        response: { 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => replyWithCaseFile(reply, services, request.params.token),
  );
  app.withTypeProvider<ZodTypeProvider>().get(
    '/case-message-files/:token',
    {
      schema: {
        tags: ['cases'],
        summary: 'Download the PDF attached to a message of a case by its short-lived token',
        params: z.object({ token: z.string().max(100) }),
        response: { 404: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => replyWithCaseMessageFile(reply, services, request.params.token),
  );
}
