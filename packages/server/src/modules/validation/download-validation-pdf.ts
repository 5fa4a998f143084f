import { apiErrorSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { verifyDocumentToken } from '../../lib/document-token';
import type { ValidationServices } from './validation-services';

/**
 * GET /api/validation/pdf/{token} — the sealed PDF of an issued document, byte for byte as
 * stored, for a validator who looked its code up. Tampered, unknown or revoked since: 404;
 * expired: 410 pdf_token_expired.
 */
export async function downloadValidationPdfRoute(
  app: FastifyInstance,
  services: ValidationServices,
  rateLimit: object,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/validation/pdf/:token',
    {
      config: { rateLimit },
      schema: {
        tags: ['validation'],
        summary: 'Download the sealed PDF of a validated document',
        params: z.object({ token: z.string().max(300) }),
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
        'validation-pdf',
        request.params.token,
        now(),
      );
      if (!check.ok) {
        throw check.reason === 'expired'
          ? new AppError(410, 'pdf_token_expired')
          : new AppError(404, 'not_found');
      }
      const stored = await services.database.db
        .selectFrom('document_pdfs')
        .innerJoin('documents', 'documents.id', 'document_pdfs.document_id')
        .select(['document_pdfs.bytes', 'document_pdfs.sha256', 'documents.reference_code'])
        .where('document_pdfs.document_id', '=', check.documentId)
        .where('documents.state', '=', 'issued')
        .executeTakeFirst();
      if (!stored) throw new AppError(404, 'not_found');
      const filename = `${stored.reference_code ?? 'document'}.pdf`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('ETag', `"${stored.sha256}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Buffer.from(stored.bytes));
    },
  );
}
