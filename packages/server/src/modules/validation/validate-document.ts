import {
  apiErrorSchema,
  parseReferenceCode,
  validationRequestSchema,
  validationResponseSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { documentDeleted, validatedDocumentNotFound } from '../documents';
import {
  lookupReferenceCode,
  NEVER_ISSUED_CODE,
  toValidatedDocument,
} from './find-validated-document';
import { validationResponseSerializerCompiler } from './serialize-validation-response';
import { findValidationContext } from './validation-contexts';
import type { ValidationServices } from './validation-services';

/**
 * POST /api/validation/document — what a visitor may learn from a reference code. Empty: 400
 * empty_value. Malformed, a wrong check symbol and an unknown code answer alike (404
 * document_not_found) and cost alike (the same indexed query runs on a code never issued), so
 * codes cannot be told apart or enumerated. Deleted after retention: 410 document_deleted.
 */
export async function validateDocumentRoute(
  app: FastifyInstance,
  services: ValidationServices,
  rateLimit: object,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/validation/document',
    {
      config: { rateLimit },
      // The 200 answer without zod's encode (the hottest route; same text, checked by a test).
      serializerCompiler: validationResponseSerializerCompiler,
      schema: {
        tags: ['validation'],
        summary: 'Validate a document by its reference code',
        body: validationRequestSchema,
        response: {
          200: validationResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const parsed = parseReferenceCode(request.body['document-id'] ?? '');
      if (!parsed.ok && parsed.reason === 'empty') throw new AppError(400, 'empty_value');
      const row = await lookupReferenceCode(services, parsed.ok ? parsed.code : NEVER_ISSUED_CODE);
      if (!parsed.ok || !row) throw validatedDocumentNotFound();
      if (row.state === 'deleted') throw documentDeleted();
      // For the owner's access log; only a known context name is kept, never what was sent.
      if (row.id) {
        const context = request.body.context ? findValidationContext(request.body.context) : null;
        services.accessLog.record({
          documentId: row.id,
          kind: 'validation',
          validationContext: context?.id ?? null,
        });
      }
      const document = await toValidatedDocument(services, parsed.code, {
        ...row,
        state: row.state,
      });
      const wantsPdf = request.body.document_pdf_retrieval !== undefined && document.pdf;
      return {
        data: {
          document,
          ...(wantsPdf && document.pdf
            ? { 'document-pdf': { 'content-uri': document.pdf.download_url } }
            : {}),
        },
      };
    },
  );
}
