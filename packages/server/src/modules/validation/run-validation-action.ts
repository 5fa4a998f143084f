import {
  apiErrorSchema,
  canRunUserAction,
  documentActionRequestSchema,
  parseReferenceCode,
  validationActionResponseSchema,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { requestLocale } from '../../lib/i18n';
import {
  actionMessage,
  checkScopeAction,
  documentDeleted,
  notAllowedOnState,
  validatedDocumentNotFound,
} from '../documents';
import {
  lookupReferenceCode,
  NEVER_ISSUED_CODE,
  toValidatedDocument,
} from './find-validated-document';
import type { ValidationServices } from './validation-services';

/**
 * POST /api/validation/document/action — the `validation/document` scope's actions (spec
 * section 7), for anyone, under the validation rate limit: `retrieve` (with `retrieval:
 * 'content-uri'` also the PDF's address) and `pdf` (issued documents only: 409 on a revoked
 * one). The code is `object_id` or `arguments['document-id']`; an unknown code answers as
 * POST /api/validation/document does (404 document_not_found, 410 document_deleted).
 */
export async function runValidationActionRoute(
  app: FastifyInstance,
  services: ValidationServices,
  rateLimit: object,
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/validation/document/action',
    {
      config: { rateLimit },
      schema: {
        tags: ['validation'],
        summary: 'Retrieve a validated document, or its PDF, by reference code',
        body: documentActionRequestSchema,
        response: {
          200: validationActionResponseSchema,
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
          410: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const { arguments: args } = request.body;
      const action = checkScopeAction('validation/document', 'anyone', request.body.action);
      const { retrieval } = args;
      if (retrieval !== undefined && retrieval !== 'content-uri') {
        throw new AppError(400, 'invalid_fields', {
          invalid_fields: [{ invalid_field: 'retrieval', error_info: { code: 'choice_invalid' } }],
        });
      }
      const given = request.body.object_id ?? args['document-id'];
      const parsed = parseReferenceCode(typeof given === 'string' ? given : '');
      if (!parsed.ok && parsed.reason === 'empty') throw new AppError(400, 'empty_value');
      const row = await lookupReferenceCode(services, parsed.ok ? parsed.code : NEVER_ISSUED_CODE);
      if (!parsed.ok || !row) throw validatedDocumentNotFound();
      if (row.state === 'deleted') throw documentDeleted();
      if (!canRunUserAction(row.state, action)) throw notAllowedOnState();
      if (row.id) {
        services.accessLog.record({
          documentId: row.id,
          kind: 'validation',
          validationContext: null,
        });
      }
      const document = await toValidatedDocument(services, parsed.code, {
        ...row,
        state: row.state,
      });
      const pdfUrl =
        action === 'pdf' || retrieval === 'content-uri' ? document.pdf?.download_url : undefined;
      return {
        data: {
          document: {
            ...document,
            scope: 'validation/document' as const,
            'document-id': document.reference_code,
          },
          ...(pdfUrl ? { 'document-pdf': { 'content-uri': pdfUrl } } : {}),
        },
        ...(action === 'pdf' && pdfUrl
          ? {
              message: actionMessage(requestLocale(request), 'pdf_ready'),
              meta: { download_url: pdfUrl },
            }
          : {}),
      };
    },
  );
}
