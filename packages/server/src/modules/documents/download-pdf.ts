import { apiErrorSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replyWithStoredPdf } from '../../lib/stored-pdf';
import { pdfTokenParamsSchema } from './schemas';
import { pdfFilename } from './to-api-document';
import type { IssuanceServices } from '../issuance';

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
    async (request, reply) =>
      replyWithStoredPdf(reply, database, {
        key: services.pdfTokenKey,
        purpose: 'pdf-download',
        token: request.params.token,
        filename: (referenceCode, documentId) =>
          pdfFilename(config.REFCODE_ENABLED ? referenceCode : null, documentId),
      }),
  );
}
