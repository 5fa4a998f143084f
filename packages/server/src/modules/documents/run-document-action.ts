import {
  apiErrorSchema,
  canRunUserAction,
  documentActionResponseSchema,
  isDocumentUserAction,
  type DocumentActionResponse,
  type DocumentState,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { requireUser } from '../auth';
import { documentActions } from './document-actions';
import { actionBodySchema } from './schemas';
import { declarationNotFound, notAllowedOnState } from './document-errors';
import { documentParamsSchema } from './schemas';
import { findOwnedDocument, listDocumentFiles } from './document-queries';
import { loadDocumentExtras } from './document-extras';
import { toApiDocument } from './to-api-document';
import type { IssuanceServices } from '../issuance';

/**
 * POST /api/my-declarations/{id}/action — `{ action, object_id?, arguments? }` (spec section 7)
 * on the owner's document: `{ data: { document }, message?, meta? }` with the success text in
 * the request's language. Another citizen's or an unknown document: 404; an action the
 * document's state does not allow (DOCUMENT_USER_ACTIONS in domain): 409
 * action_not_allowed_on_state; an unknown action: 400 invalid_request.
 */
export async function runDocumentActionRoute(app: FastifyInstance, services: IssuanceServices) {
  const { catalog, database, config } = services;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/my-declarations/:id/action',
    {
      schema: {
        tags: ['documents'],
        summary: 'Run an action on a document (PDF, e-mail, SMS, share, revoke, dismiss …)',
        security: [{ bearer: [] }],
        params: documentParamsSchema,
        body: actionBodySchema,
        response: {
          200: documentActionResponseSchema,
          400: apiErrorSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { action, arguments: args } = request.body;
      if (!isDocumentUserAction(action)) {
        throw new AppError(400, 'invalid_request', {
          invalid_fields: [{ invalid_field: 'action', error_info: { code: 'choice_invalid' } }],
        });
      }
      const stored = await findOwnedDocument(database.db, request.params.id, user.id);
      if (!stored) throw declarationNotFound();
      if (!canRunUserAction(stored.state as DocumentState, action)) throw notAllowedOnState();
      const template = await catalog.definition(stored.template_refname, stored.template_version);
      const outcome = await documentActions[action](services, {
        user,
        stored,
        template,
        args,
        locale: requestLocale(request),
      });
      const row = outcome.row ?? stored;
      const [files, extras] = await Promise.all([
        listDocumentFiles(database.db, row.id, template),
        loadDocumentExtras(database.db, row, config),
      ]);
      const answer: DocumentActionResponse = {
        data: { document: toApiDocument(template, row, files, extras) },
      };
      if (outcome.downloadUrl) {
        answer.data['document-pdf'] = { 'content-uri': outcome.downloadUrl };
        answer.meta = { download_url: outcome.downloadUrl };
      }
      if (outcome.message) answer.message = outcome.message;
      return answer;
    },
  );
}
