import { apiErrorSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth';
import { findOwnedDocument } from './document-queries';
import type { DocumentServices } from './document-services';
import { deletedResponseSchema, documentParamsSchema } from './schemas';
import { declarationNotFound } from './document-errors';
import { checkDocumentDeletable, refuseWhileConsentOpen } from './document-transition';

/**
 * DELETE /api/my-declarations/{id} — deletes a draft (editing or requested) with its files and
 * history. An issued or revoked document cannot be deleted: 409 action_not_allowed_on_state.
 */
export async function deleteDocumentRoute(app: FastifyInstance, services: DocumentServices) {
  const { database } = services;
  app.withTypeProvider<ZodTypeProvider>().delete(
    '/my-declarations/:id',
    {
      schema: {
        tags: ['documents'],
        summary: 'Delete a draft',
        security: [{ bearer: [] }],
        params: documentParamsSchema,
        response: { 200: deletedResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await database.db.transaction().execute(async (trx) => {
        const stored = await findOwnedDocument(trx, request.params.id, user.id, {
          forUpdate: true,
        });
        if (!stored) throw declarationNotFound();
        checkDocumentDeletable(stored.state);
        await refuseWhileConsentOpen(trx, stored.id, 'delete');
        // Files and events go with the document (on delete cascade).
        await trx.deleteFrom('documents').where('id', '=', stored.id).execute();
      });
      return { data: { deleted: true as const } };
    },
  );
}
