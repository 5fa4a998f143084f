import { attachmentTokenResponseSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { attachmentDownloadUrl } from '../../lib/attachment-download';
import { routeErrors } from '../../lib/route-schemas';
import { requireUser } from '../auth';
import type { IssuanceServices } from '../issuance';
import { declarationNotFound } from './document-errors';
import { findOwnedDocument, listDocumentFiles } from './document-queries';

/**
 * POST /api/my-declarations/{id}/attachments/{key}/token (spec section 7, `attachments/{key}/token`):
 * a short-lived download address of the owner's attachment of field `key` (the `index`-th of
 * it, 0 by default), in any state: `{ download_url, expires_at }`. Another citizen's document
 * or a file it does not have: 404.
 */
export async function createAttachmentTokenRoute(app: FastifyInstance, services: IssuanceServices) {
  const { db } = services.database;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/my-declarations/:id/attachments/:key/token',
    {
      schema: {
        tags: ['documents'],
        summary: 'A short-lived download address of one attachment of the caller’s document',
        security: [{ bearer: [] }],
        params: z.object({ id: z.string().max(100), key: z.string().max(200) }),
        querystring: z.object({ index: z.coerce.number().int().min(0).max(1000).default(0) }),
        response: { 200: attachmentTokenResponseSchema, ...routeErrors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const stored = await findOwnedDocument(db, request.params.id, user.id);
      if (!stored) throw declarationNotFound();
      const files = await listDocumentFiles(db, stored.id);
      const file = files.find(
        (candidate) =>
          candidate.field_key === request.params.key &&
          candidate.attachment_index === request.query.index,
      );
      if (!file) throw new AppError(404, 'not_found');
      const { url, expiresAt } = attachmentDownloadUrl(services, file.id);
      return { download_url: url, expires_at: expiresAt.toISOString() };
    },
  );
}
