import {
  apiErrorSchema,
  canRunUserAction,
  pdfTokenResponseSchema,
  type DocumentState,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from '../auth';
import { declarationNotFound, notAllowedOnState } from './document-errors';
import { documentParamsSchema } from './schemas';
import { findOwnedDocument, findReceivedDocument } from './document-queries';
import { type IssuanceServices, pdfDownloadUrl } from '../issuance';

/**
 * POST /api/my-declarations/{id}/pdf/token — a download address for the owner's issued
 * document (the same as the `pdf` action), valid PDF_TOKEN_TTL_SECONDS: `{ data: { download_url, expires_at } }`.
 */
export async function createPdfTokenRoute(app: FastifyInstance, services: IssuanceServices) {
  const { database } = services;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/my-declarations/:id/pdf/token',
    {
      schema: {
        tags: ['documents'],
        summary: 'A short-lived download address of the sealed PDF',
        security: [{ bearer: [] }],
        params: documentParamsSchema,
        response: { 200: pdfTokenResponseSchema, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const user = requireUser(request);
      // The owner's, or one an entity issued to this citizen (a reply they received).
      const stored =
        (await findOwnedDocument(database.db, request.params.id, user.id)) ??
        (await findReceivedDocument(database.db, request.params.id, user.id));
      if (!stored) throw declarationNotFound();
      if (!canRunUserAction(stored.state as DocumentState, 'pdf')) throw notAllowedOnState();
      const { url, expiresAt } = pdfDownloadUrl(services, stored.id);
      return {
        data: { download_url: url, expires_at: expiresAt.toISOString() },
        meta: { download_url: url },
      };
    },
  );
}
