import { apiErrorSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { replyWithStoredPdf } from '../../lib/stored-pdf';
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
    async (request, reply) =>
      replyWithStoredPdf(reply, services.database, {
        key: services.pdfTokenKey,
        purpose: 'validation-pdf',
        token: request.params.token,
        issuedOnly: true,
        filename: (referenceCode) => `${referenceCode ?? 'document'}.pdf`,
      }),
  );
}
