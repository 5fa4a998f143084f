import type { FastifyReply } from 'fastify';
import { now } from '../clock';
import type { Database } from '../db/database';
import { AppError } from './app-error';
import { verifyDocumentToken, type DocumentTokenPurpose } from './document-token';

/**
 * Answers a download-token request with the sealed PDF, byte for byte as stored at issue: the
 * citizen's links (GET /api/pdf/{token}) and the validators' (GET /api/validation/pdf/{token})
 * differ only in the token's purpose, which documents qualify and the file name.
 * Tampered or unknown: 404 not_found; expired: 410 pdf_token_expired.
 */
export async function replyWithStoredPdf(
  reply: FastifyReply,
  database: Database,
  options: {
    key: Buffer;
    purpose: DocumentTokenPurpose;
    token: string;
    /** Only documents still issued (validators never get a revoked one). */
    issuedOnly?: boolean;
    filename: (referenceCode: string | null, documentId: string) => string;
  },
) {
  const check = verifyDocumentToken(options.key, options.purpose, options.token, now());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError(410, 'pdf_token_expired')
      : new AppError(404, 'not_found');
  }
  let query = database.db
    .selectFrom('document_pdfs')
    .innerJoin('documents', 'documents.id', 'document_pdfs.document_id')
    .select(['document_pdfs.bytes', 'document_pdfs.sha256', 'documents.reference_code'])
    .where('document_pdfs.document_id', '=', check.documentId);
  if (options.issuedOnly) query = query.where('documents.state', '=', 'issued');
  const stored = await query.executeTakeFirst();
  if (!stored) throw new AppError(404, 'not_found');
  const filename = options.filename(stored.reference_code, check.documentId);
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('ETag', `"${stored.sha256}"`)
    .header('Cache-Control', 'private, no-store')
    .send(Buffer.from(stored.bytes));
}
