import { documentActionResponseSchema, type DocumentScope } from '@dilosi/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import { routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import type { IssuanceServices } from '../issuance';
import { citizenScopeActions } from './document-actions';
import { declarationNotFound } from './document-errors';
import { findCitizenDocument } from './scope-actions/find-citizen-document';
import { runScopeAction, toActionAnswer } from './scope-actions/run-scope-action';
import { actionBodySchema, documentParamsSchema } from './schemas';

const errors = { ...routeErrors, 429: routeErrors[400] };

/**
 * `POST {scope}/action` on the citizen's own scopes (spec section 7): `my-declarations/{id}`
 * (her document by id), `citizen-declarations/{id}` (by id or reference code, hers or one an
 * entity issued to her) and `gates/USER/gate/documents` (`object_id` names the document). The
 * domain's table (DOCUMENT_SCOPE_ACTIONS) decides what she may do; the answer is
 * `{ data: { document, 'document-pdf'? }, message?, meta? }`. Another citizen's or an unknown
 * document: 404; a state the action does not allow: 409; an unknown action: 400.
 */
export async function runDocumentActionRoute(app: FastifyInstance, services: IssuanceServices) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = services.database;
  const docs = (summary: string) => ({
    tags: ['documents'],
    summary,
    security: [{ bearer: [] }],
    body: actionBodySchema,
    response: { 200: documentActionResponseSchema, ...errors },
  });

  const run = async (
    request: FastifyRequest & { body: z.infer<typeof actionBodySchema> },
    scope: Extract<
      DocumentScope,
      'my-declarations' | 'citizen-declarations' | 'gates/USER/gate/documents'
    >,
    idOrCode: string,
  ) => {
    const user = requireUser(request);
    const found = await findCitizenDocument(db, user.id, idOrCode, {
      byCode: scope === 'citizen-declarations',
    });
    // my-declarations is the owner's wizard scope: a received document is not found there.
    if (!found || (scope === 'my-declarations' && found.role !== 'owner')) {
      throw declarationNotFound();
    }
    const { document, outcome } = await runScopeAction(
      services,
      citizenScopeActions,
      { scope, role: found.role, user, stored: found.stored },
      { action: request.body.action, args: request.body.arguments, locale: requestLocale(request) },
    );
    if (!document) throw declarationNotFound();
    return toActionAnswer(document, outcome);
  };

  api.post(
    '/my-declarations/:id/action',
    {
      schema: {
        ...docs('Run an action on one of the caller’s documents (PDF, share, revoke, link …)'),
        params: documentParamsSchema,
      },
    },
    (request) => run(request, 'my-declarations', request.params.id),
  );

  api.post(
    '/citizen-declarations/:id/action',
    {
      schema: {
        ...docs('Run an action on the caller’s document named by id or reference code'),
        params: documentParamsSchema,
      },
    },
    (request) => run(request, 'citizen-declarations', request.params.id),
  );

  api.post(
    '/gates/USER/gate/documents/action',
    { schema: docs('Run an action on one of the caller’s documents, named by `object_id`') },
    (request) => {
      const objectId = request.body.object_id;
      if (!objectId) {
        throw new AppError(400, 'invalid_request', {
          invalid_fields: [{ invalid_field: 'object_id', error_info: { code: 'required' } }],
        });
      }
      return run(request, 'gates/USER/gate/documents', objectId);
    },
  );
}
