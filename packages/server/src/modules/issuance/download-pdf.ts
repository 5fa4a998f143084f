import { apiErrorSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { pdfFilename } from '../documents';
import type { IssuanceServices } from './issuance-services';
import { verifyDocumentToken } from '../../lib/document-token';
import { pdfTokenParamsSchema } from './schemas';

/**
 * GET /api/pdf/{token} — the sealed PDF, byte for byte as stored at issue. Public: the signed,
 * short-lived token is the authorisation. Tampered or unknown: 404 not_found; expired: 410
 * pdf_token_expired.
 */
export async function downloadPdfRoute(app: FastifyInstance, services: IssuanceServices) {
  const { database, config } = services;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/pdf/:token',
    {
      schema: {
        tags: ['documents'],
        summary: 'Download a sealed PDF by its token',
        params: pdfTokenParamsSchema,
        produces: ['application/pdf'],
        response: {
          200: z.any().describe('The sealed PDF (application/pdf)'),
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const check = verifyDocumentToken(
        services.pdfTokenKey,
        'pdf-download',
        request.params.token,
        now(),
      );
      if (!check.ok) {
        throw check.reason === 'expired'
          ? new AppError(410, 'pdf_token_expired')
          : new AppError(404, 'not_found');
      }
      const stored = await database.db
        .selectFrom('document_pdfs')
        .innerJoin('documents', 'documents.id', 'document_pdfs.document_id')
        .select(['document_pdfs.bytes', 'document_pdfs.sha256', 'documents.reference_code'])
        .where('document_pdfs.document_id', '=', check.documentId)
        .executeTakeFirst();
      if (!stored) throw new AppError(404, 'not_found');
      const code = config.REFCODE_ENABLED ? stored.reference_code : null;
      return reply
        .header('Content-Type', 'application/pdf')
        .header(
          'Content-Disposition',
          `attachment; filename="${pdfFilename(code, check.documentId)}"`,
        )
        .header('ETag', `"${stored.sha256}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(stored.bytes));
    },
  );
}
