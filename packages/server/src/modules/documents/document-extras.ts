import type { DocumentReply, DocumentState } from '@dilosi/domain';
import { listReplyRows } from '../../lib/document-replies';
import type { Config } from '../../config';
import type { DocumentRow, OtpChallengeRow } from '../../db/schema';
import type { Queryable } from './document-queries';

export type ExtrasConfig = Pick<
  Config,
  | 'REFCODE_ENABLED'
  | 'publicUrl'
  | 'OTP_MAX_ATTEMPTS'
  | 'OTP_MAX_SENDS'
  | 'OTP_RESEND_INTERVAL_SECONDS'
>;

/** What a document answer shows besides the row: the pending SMS code, the stored PDF. */
export type DocumentExtras = {
  config: ExtrasConfig;
  challenge: Pick<
    OtpChallengeRow,
    'mobile' | 'attempts' | 'sends' | 'last_sent_at' | 'expires_at'
  > | null;
  pdf: { size: number; sha256: string } | null;
  /** Entities' replies to the cases the document opened (issued and revoked documents). */
  replies?: DocumentReply[];
  /**
   * The `content-uri` of each attachment value (lib/attachment-download attachmentContentUri),
   * for a caller who may download the document's files; null: the values carry none.
   */
  attachmentUri: ((fileId: string) => string) | null;
};

export { maskMobile } from '../../lib/mask-mobile';

/** A draft in editing: nothing besides the row (and its files' addresses). */
export function noExtras(
  config: ExtrasConfig,
  attachmentUri: DocumentExtras['attachmentUri'],
): DocumentExtras {
  return { config, challenge: null, pdf: null, attachmentUri };
}

/**
 * Loads what the answer of this document needs: the challenge when requested, the PDF and the
 * entities' replies when issued.
 */
export async function loadDocumentExtras(
  db: Queryable,
  row: Pick<DocumentRow, 'id' | 'state'>,
  config: ExtrasConfig,
  attachmentUri: DocumentExtras['attachmentUri'],
): Promise<DocumentExtras> {
  const state = row.state as DocumentState;
  const challenge =
    state === 'requested'
      ? ((await db
          .selectFrom('otp_challenges')
          .select(['mobile', 'attempts', 'sends', 'last_sent_at', 'expires_at'])
          .where('document_id', '=', row.id)
          .executeTakeFirst()) ?? null)
      : null;
  const pdf =
    state === 'issued' || state === 'revoked'
      ? ((await db
          .selectFrom('document_pdfs')
          .select(['size', 'sha256'])
          .where('document_id', '=', row.id)
          .executeTakeFirst()) ?? null)
      : null;
  const replies =
    state === 'issued' || state === 'revoked'
      ? (await listReplyRows(db, { documentId: row.id })).map((reply) => ({
          id: reply.id,
          entity_id: reply.entity_id,
          reference_code: reply.reference_code,
          timestamp: reply.timestamp,
          user_display_name: reply.user_display_name,
          state: reply.state,
        }))
      : [];
  return { config, challenge, pdf, replies, attachmentUri };
}
