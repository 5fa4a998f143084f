import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { AppError } from './app-error';
import { documentIdInToken, signDocumentToken, verifyDocumentToken } from './document-token';

type TokenServices = { config: Pick<Config, 'PDF_TOKEN_TTL_SECONDS'>; pdfTokenKey: Buffer };

/**
 * A short-lived address of one stored attachment of a document (document_files), valid
 * PDF_TOKEN_TTL_SECONDS: the case's attachment token, the citizen's `attachments/{key}/token`
 * and the `download-attachment` action all hand out this one (GET /api/case-files/{token}).
 */
export function attachmentDownloadUrl(
  services: TokenServices,
  fileId: string,
): { url: string; expiresAt: Date } {
  const expiresAt = new Date(now().getTime() + services.config.PDF_TOKEN_TTL_SECONDS * 1000);
  const token = signDocumentToken(services.pdfTokenKey, 'case-attachment', fileId, expiresAt);
  return { url: `/api/case-files/${token}`, expiresAt };
}

/**
 * The `content-uri` of attachment values in document answers: a fresh attachmentDownloadUrl per
 * answer (an HMAC, no database work). Null without the token key (no issuance services).
 */
export function attachmentContentUri(
  services: TokenServices | undefined,
): ((fileId: string) => string) | null {
  return services ? (fileId) => attachmentDownloadUrl(services, fileId).url : null;
}

const CONTENT_URI = /\/api\/case-files\/([\w-]{48})(?:[?#].*)?$/;

/**
 * The file a `content-uri` sent back in a write names (relative or absolute, expired or not),
 * else null. Its MAC is not checked: naming a file this way grants no more than naming its
 * `file_id`, which a write accepts only for the document's own files and the caller's uploads.
 */
export function fileIdOfContentUri(uri: string): string | null {
  const token = CONTENT_URI.exec(uri)?.[1];
  return token ? documentIdInToken(token) : null;
}

/** GET /api/case-files/{token}: the attachment, byte for byte; the token is the authorisation. */
export async function replyWithAttachment(
  reply: FastifyReply,
  services: { pdfTokenKey: Buffer; database: { db: Kysely<DB> } },
  token: string,
) {
  const check = verifyDocumentToken(services.pdfTokenKey, 'case-attachment', token, now());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError(410, 'pdf_token_expired')
      : new AppError(404, 'not_found');
  }
  const file = await services.database.db
    .selectFrom('document_files')
    .select(['bytes', 'filename', 'content_type', 'sha256'])
    .where('id', '=', check.documentId)
    .executeTakeFirst();
  if (!file) throw new AppError(404, 'not_found');
  return sendStoredFile(reply, file);
}

/** A stored file as a download that no browser renders in place. */
export function sendStoredFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; filename: string; content_type: string; sha256: string },
) {
  const safeName = file.filename.replace(/[^\w.\- ]+/g, '_');
  return reply
    .header('Content-Type', file.content_type)
    .header(
      'Content-Disposition',
      `attachment; filename="${safeName}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('ETag', `"${file.sha256}"`)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(Buffer.from(file.bytes));
}
