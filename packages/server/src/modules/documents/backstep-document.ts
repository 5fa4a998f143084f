import { apiErrorSchema, type ApiDocument } from '@dilosi/domain';
import { attachmentContentUri } from '../../lib/attachment-download';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { now } from '../../clock';
import { requireUser } from '../auth';
import { computeDigest } from './compute-digest';
import { previewStep, previousEditingStep } from './document-content';
import { noExtras } from './document-extras';
import { nextDocumentState, refuseWhileConsentOpen } from './document-transition';
import { insertDocumentEvent, listDocumentFiles } from './document-queries';
import { citizenIssuer, findAsIssuer, type Issuer } from './document-issuer';
import type { DocumentServices } from './document-services';
import { documentParamsSchema, documentResponseSchema } from './schemas';
import { contentOf, toApiDocument } from './to-api-document';
import { declarationNotFound, notAllowedOnState } from './document-errors';

/**
 * POST /api/my-declarations/{id}/backstep — one step back (skipping steps with nothing to
 * change); from `requested` (awaiting the SMS code) back to editing at the preview, voiding
 * the code sent. On the first step, or issued/revoked: 409 action_not_allowed_on_state.
 */
export async function backstepDocumentRoute(app: FastifyInstance, services: DocumentServices) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/my-declarations/:id/backstep',
    {
      schema: {
        tags: ['documents'],
        summary: 'Go back one step of a draft',
        security: [{ bearer: [] }],
        params: documentParamsSchema,
        response: { 200: documentResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const document = await backstepDocument(services, citizenIssuer(user.id), {
        id: request.params.id,
        userId: user.id,
      });
      return { data: { document } };
    },
  );
}

/** One step back on a document of the issuer (a citizen's, an entity's). */
export async function backstepDocument(
  services: DocumentServices,
  issuer: Issuer,
  input: { id: string; userId: string },
): Promise<ApiDocument> {
  const { catalog, database, config } = services;
  const { row, template, files } = await database.db.transaction().execute(async (trx) => {
    const stored = await findAsIssuer(trx, issuer, input.id, { forUpdate: true });
    if (!stored) throw declarationNotFound();
    const state = stored.state;
    const backTo = nextDocumentState(state, 'backstep');
    await refuseWhileConsentOpen(trx, stored.id, 'backstep');
    const definition = await catalog.definition(
      stored.template_refname,
      stored.template_version,
      trx,
    );
    const storedFiles = await listDocumentFiles(trx, stored.id, definition);
    const content = contentOf(stored, storedFiles);
    const target =
      state === 'requested'
        ? previewStep(definition)
        : previousEditingStep(definition, stored.step, content);
    if (!target) throw notAllowedOnState();
    const updated = await trx
      .updateTable('documents')
      .set({
        state: backTo,
        step: target.key,
        digest: computeDigest({
          values: stored.values,
          recipient: content.recipient,
          step: target.key,
        }),
        updated_at: now(),
      })
      .where('id', '=', stored.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // Back from requested: the code sent is void (it expires now), but its count of sends
    // stays, so going back and forth cannot send SMS without limit.
    await trx
      .updateTable('otp_challenges')
      .set({ expires_at: now(), code_hash: '' })
      .where('document_id', '=', stored.id)
      .execute();
    await insertDocumentEvent(trx, {
      documentId: stored.id,
      action: 'backstep',
      fromState: state,
      toState: backTo,
      step: target.key,
      userId: input.userId,
    });
    return { row: updated, template: definition, files: storedFiles };
  });
  return toApiDocument(
    template,
    row,
    files,
    noExtras(config, attachmentContentUri(services.issuance)),
  );
}
