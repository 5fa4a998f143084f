import crypto from 'node:crypto';
import { apiErrorSchema, fileCheckResponseSchema, type FileCheckResponse } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { toValidatedDocument } from './find-validated-document';
import type { ValidationServices } from './validation-services';
import { verifySeal } from './verify-seal';

const PDF_MAGIC = Buffer.from('%PDF-');

/**
 * POST /api/validation/file — "check a file": one PDF (multipart, any part name) up to
 * FILE_MAX_SIZE. authentic: the exact bytes the service issued (with the document's state);
 * altered: the service's seal, but not byte for byte an issued PDF, or a seal that does not
 * verify; unknown: no seal of ours. Not a PDF: 400 file_type_invalid; too big: 400
 * file_too_large.
 */
export async function checkFileRoute(
  app: FastifyInstance,
  services: ValidationServices,
  rateLimit: object,
) {
  const maxMb = Math.round((services.config.FILE_MAX_SIZE / 1_048_576) * 10) / 10;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/validation/file',
    {
      config: { rateLimit },
      schema: {
        tags: ['validation'],
        summary: 'Check that a PDF file is a document the service issued',
        consumes: ['multipart/form-data'],
        response: { 200: fileCheckResponseSchema, 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request): Promise<FileCheckResponse> => {
      if (!request.isMultipart()) throw new AppError(400, 'invalid_request');
      const part = await request.file();
      if (!part) throw new AppError(400, 'invalid_request');
      const bytes = await part.toBuffer();
      if (part.file.truncated) throw new AppError(400, 'file_too_large', { max_mb: maxMb });
      if (!bytes.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
        throw new AppError(400, 'file_type_invalid');
      }

      const seal = verifySeal(bytes, await services.sealTrust());
      if (seal.kind === 'none') return { data: { result: 'unknown' } };
      if (!seal.valid || !seal.coversWholeFile) return { data: { result: 'altered' } };
      const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
      const row = await services.database.db
        .selectFrom('document_pdfs')
        .innerJoin('documents', 'documents.id', 'document_pdfs.document_id')
        .leftJoin('users', 'users.id', 'documents.owner_id')
        .select([
          'users.anonymous_subject',
          'documents.id',
          'documents.reference_code',
          'documents.state',
          'documents.is_official',
          'documents.issued_at',
          'documents.type',
          'documents.template_refname',
          'documents.template_version',
          'document_pdfs.bytes',
        ])
        .where('document_pdfs.sha256', '=', sha256)
        .where('documents.state', 'in', ['issued', 'revoked'])
        .executeTakeFirst();
      // The digest finds the row; the bytes confirm it.
      if (!row?.reference_code || !Buffer.from(row.bytes).equals(bytes)) {
        return { data: { result: 'altered' } };
      }
      // For the owner's access log: a file check is a validation without a context.
      services.accessLog.record({ documentId: row.id, kind: 'validation' });
      const { anonymous_subject: anonymousSubject, ...found } = row;
      const document = await toValidatedDocument(services, row.reference_code, {
        ...found,
        issuer_identified: anonymousSubject === null,
        state: row.state === 'revoked' ? 'revoked' : 'issued',
      });
      return { data: { result: 'authentic', document } };
    },
  );
}
