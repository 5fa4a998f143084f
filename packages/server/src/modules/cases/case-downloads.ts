import { isUuid } from '@dilosi/domain';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import {
  attachmentDownloadUrl,
  replyWithAttachment,
  sendStoredFile,
} from '../../lib/attachment-download';
import { signDocumentToken, verifyDocumentToken } from '../../lib/document-token';
import { findCase } from './case-queries';
import type { CaseServices } from './case-services';

type DownloadServices = { config: Pick<CaseServices['config'], 'PDF_TOKEN_TTL_SECONDS'> };

const expiry = (services: DownloadServices) =>
  new Date(now().getTime() + services.config.PDF_TOKEN_TTL_SECONDS * 1000);

/** POST .../pdf/token: a short-lived address of the case's sealed PDF, and whose PDF it is. */
export async function casePdfUrl(
  services: Pick<CaseServices, 'config' | 'pdfTokenKey' | 'ensurePdf'>,
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string },
): Promise<{ url: string; documentId: string }> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  const documentId = entry.document_id;
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

/** POST .../attachments/{n}/token: a short-lived address of one attachment of the case. */
export async function caseAttachmentUrl(
  services: Pick<CaseServices, 'config' | 'pdfTokenKey'>,
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; index: number },
): Promise<string> {
  const entry = await findCase(db, input.entityId, input.inboxId);
  const file = entry.document_id
    ? await db
        .selectFrom('document_files')
        .select('id')
        .where('document_id', '=', entry.document_id)
        .where('attachment_index', '=', input.index)
        .executeTakeFirst()
    : undefined;
  if (!file) throw new AppError(404, 'not_found');
  return attachmentDownloadUrl(services, file.id).url;
}

/** GET /api/case-files/{token}: the attachment, byte for byte; the token is the authorisation. */
export async function replyWithCaseFile(
  reply: FastifyReply,
  services: Pick<CaseServices, 'pdfTokenKey' | 'database'>,
  token: string,
) {
  return replyWithAttachment(reply, services, token);
}

/**
 * POST …/communications/{m}/attachment/token (clerks) and …/vault/cases/{id}/messages/{m}/
 * attachment/token (the citizen): a short-lived address of the PDF attached to one message of
 * the case the caller was already found to hold; another case's message: 404 not_found.
 */
export async function caseMessageFileUrl(
  services: DownloadServices & Pick<CaseServices, 'pdfTokenKey'>,
  db: Kysely<DB>,
  input: { entryId: string; messageId: string },
): Promise<string> {
  if (!isUuid(input.messageId)) throw new AppError(404, 'not_found');
  const file = await db
    .selectFrom('case_message_files')
    .innerJoin('case_messages', 'case_messages.id', 'case_message_files.case_message_id')
    .select('case_message_files.case_message_id')
    .where('case_messages.id', '=', input.messageId.toLowerCase())
    .where('case_messages.inbox_entry_id', '=', input.entryId)
    .executeTakeFirst();
  if (!file) throw new AppError(404, 'not_found');
  const token = signDocumentToken(
    services.pdfTokenKey,
    'case-message-file',
    file.case_message_id,
    expiry(services),
  );
  return `/api/case-message-files/${token}`;
}

/** GET /api/case-message-files/{token}: the message's PDF, byte for byte; the token authorises. */
export async function replyWithCaseMessageFile(
  reply: FastifyReply,
  services: Pick<CaseServices, 'pdfTokenKey' | 'database'>,
  token: string,
) {
  const check = verifyDocumentToken(services.pdfTokenKey, 'case-message-file', token, now());
  if (!check.ok) {
    throw check.reason === 'expired'
      ? new AppError(410, 'pdf_token_expired')
      : new AppError(404, 'not_found');
  }
  const file = await services.database.db
    .selectFrom('case_message_files')
    .select(['bytes', 'filename', 'content_type', 'sha256'])
    .where('case_message_id', '=', check.documentId)
    .executeTakeFirst();
  if (!file) throw new AppError(404, 'not_found');
  return sendStoredFile(reply, file);
}
