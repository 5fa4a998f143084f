import {
  inboxEntryActionSchema,
  inboxEntryResponseSchema,
  isDocumentUserAction,
  type CitizenMessage,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { docsOf, routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import {
  checkScopeAction,
  notAllowedOnState,
  readScopeActions,
  runScopeAction,
  toActionAnswer,
} from '../documents';
import {
  actOnCitizenMessage,
  answerAddressedDocument,
  findOwnMessage,
  toCitizenMessage,
} from '../messages';
import type { ScopeActionRouteServices } from './index';

const docs = docsOf('messages');
const SCOPE = 'gates/USER/gate/inbox-entries';

/**
 * POST /api/gates/USER/gate/inbox-entries/action — one of the caller's messages (`object_id`,
 * at the top or in `arguments`): archive, unarchive, accept or reject (the message's own
 * actions), or a scope action on the document it carries (spec section 7): `retrieve` (which
 * also opens the message: the first time marks it read), `pdf`, `download-attachment`. The
 * answer is the message, its `document` the full document where an action read it.
 */
export async function inboxEntryActionRoute(
  app: FastifyInstance,
  services: ScopeActionRouteServices,
) {
  const { db } = services.database;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/gates/USER/gate/inbox-entries/action',
    {
      schema: {
        ...docs(
          'Archive, unarchive, accept or reject a message; retrieve, pdf or download-attachment ' +
            'on the document it carries',
        ),
        body: inboxEntryActionSchema,
        response: { 200: inboxEntryResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { action } = request.body;
      const args = request.body.arguments ?? {};
      const messageId = request.body.object_id ?? args.object_id;
      if (!messageId) {
        throw new AppError(400, 'invalid_request', {
          invalid_fields: [{ invalid_field: 'object_id', error_info: { code: 'required' } }],
        });
      }
      const owner = { ownerId: user.id, messageId };
      if (action === 'accept' || action === 'reject') {
        const data = await answerAddressedDocument(services, db, {
          ...owner,
          ownerAfm: user.record.afm,
          action,
          reason: args.reason,
        });
        return { data };
      }
      if (action === 'archive' || action === 'unarchive') {
        return { data: await actOnCitizenMessage(db, { ...owner, action }) };
      }
      // A name no one may use is refused before any look-up; one the scope offers to others
      // (revoke, share …) after the message is found to be the caller's.
      if (!isDocumentUserAction(action)) checkScopeAction(SCOPE, 'receiver', action);
      const found = toCitizenMessage(await findOwnMessage(db, user.id, messageId));
      checkScopeAction(SCOPE, 'receiver', action);
      const message: CitizenMessage =
        action === 'retrieve' ? await actOnCitizenMessage(db, { ...owner, action }) : found;
      const stored = message.document
        ? ((await db
            .selectFrom('documents')
            .selectAll()
            .where('id', '=', message.document.id)
            .executeTakeFirst()) ?? null)
        : null;
      if (!stored || !message.document) {
        if (action === 'retrieve') return { data: message };
        throw notAllowedOnState();
      }
      const { document, outcome } = await runScopeAction(
        services,
        readScopeActions,
        { scope: SCOPE, role: 'receiver', user, stored },
        { action, args, locale: requestLocale(request) },
      );
      const answer = toActionAnswer(document, outcome);
      const summary = message.document;
      return {
        ...answer,
        data: {
          ...message,
          ...answer.data,
          document: document
            ? {
                ...document,
                template_refname: summary.template_refname,
                answer_state: summary.answer_state ?? null,
                answer_reason: summary.answer_reason ?? null,
              }
            : summary,
        },
      };
    },
  );
}
