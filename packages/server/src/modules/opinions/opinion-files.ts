import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { sendStoredFile } from '../../lib/attachment-download';
import { signDocumentToken, verifyDocumentToken } from '../../lib/document-token';
import { findOpinion, type OpinionReader } from './opinion-queries';

type TokenServices = { config: Pick<Config, 'PDF_TOKEN_TTL_SECONDS'>; pdfTokenKey: Buffer };

const expiry = (services: TokenServices) =>
  new Date(now().getTime() + services.config.PDF_TOKEN_TTL_SECONDS * 1000);

/** POST …/opinions/{id}/file/token: a short-lived address of the answer's PDF; none: 404. */
export async function opinionFileUrl(
  services: TokenServices,
  db: Kysely<DB>,
  input: { reader: OpinionReader; opinionId: string },
): Promise<string> {
  const row = await findOpinion(db, input.reader, input.opinionId);
  if (row.file_name === null) throw new AppError(404, 'not_found');
  const token = signDocumentToken(services.pdfTokenKey, 'opinion-file', row.id, expiry(services));
  return `/api/opinion-files/${token}`;
}

/**
 * POST /api/entity/{e}/opinions/{id}/pdf/token and /api/my-opinions/{id}/pdf/token: the case's
 * sealed PDF for the expert, through the same short-lived address the case page uses.
 */
export async function opinionCasePdfUrl(
  services: TokenServices & { ensurePdf: (documentId: string) => Promise<boolean> },
  db: Kysely<DB>,
  input: { reader: Exclude<OpinionReader, { kind: 'asker' }>; opinionId: string },
): Promise<{ url: string; documentId: string }> {
  const row = await findOpinion(db, input.reader, input.opinionId);
  const entry = await db
    .selectFrom('inbox_entries')
    .select('document_id')
    .where('id', '=', row.inbox_entry_id)
    .executeTakeFirst();
  const documentId = entry?.document_id;
  if (!documentId || !(await services.ensurePdf(documentId))) {
    throw new AppError(404, 'not_found');
  }
  const token = signDocumentToken(
    services.pdfTokenKey,
    'pdf-download',
    documentId,
    expiry(services),
  );
  return { url: `/api/pdf/${token}`, documentId };
}

/** GET /api/opinion-files/{token}: the answer's PDF, byte for byte; the token authorises. */
export async function replyWithOpinionFile(
  reply: FastifyReply,
  services: { pdfTokenKey: Buffer; database: { db: Kysely<DB> } },
  token: string,
) {
  const check = verifyDocumentToken(services.pdfTokenKey, 'opinion-file', token, now());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError(410, 'pdf_token_expired')
      : new AppError(404, 'not_found');
  }
  const file = await services.database.db
    .selectFrom('case_opinions')
    .select(['file_bytes', 'file_name', 'file_content_type', 'file_sha256'])
    .where('id', '=', check.documentId)
    .executeTakeFirst();
  if (!file?.file_bytes || !file.file_name) throw new AppError(404, 'not_found');
  return sendStoredFile(reply, {
    bytes: file.file_bytes,
    filename: file.file_name,
    content_type: file.file_content_type ?? 'application/pdf',
    sha256: file.file_sha256 ?? '',
  });
}
