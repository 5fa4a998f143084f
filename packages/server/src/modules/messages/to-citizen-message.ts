import { isUuid } from '@dilosi/domain';
import type { CitizenMessage, RecipientAnswerState } from '@dilosi/domain';
import type { Kysely, Selectable } from 'kysely';
import type { CitizenMessagesTable, DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';

export type MessageRow = Selectable<CitizenMessagesTable> & {
  reference_code: string | null;
  template_refname: string | null;
  document_state: string | null;
  issued_at: Date | string | null;
  answer_state: RecipientAnswerState | null;
  answer_reason: string | null;
};

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The citizen's messages with the summary of the document each carries. */
export function messageRows(db: Kysely<DB>) {
  return db
    .selectFrom('citizen_messages')
    .leftJoin('documents', 'documents.id', 'citizen_messages.document_id')
    .selectAll('citizen_messages')
    .select([
      'documents.reference_code',
      'documents.template_refname',
      'documents.state as document_state',
      'documents.issued_at',
      'documents.answer_state',
      'documents.answer_reason',
    ]);
}

/** One of the caller's messages, or 404 (another person's message is not found either). */
export async function findOwnMessage(
  db: Kysely<DB>,
  ownerId: string,
  messageId: string,
  options: { forUpdate?: boolean } = {},
): Promise<MessageRow> {
  if (!isUuid(messageId)) throw new AppError(404, 'citizen_message_not_found');
  let query = messageRows(db)
    .where('citizen_messages.id', '=', messageId.toLowerCase())
    .where('citizen_messages.owner_id', '=', ownerId);
  if (options.forUpdate) query = query.forUpdate('citizen_messages');
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError(404, 'citizen_message_not_found');
  return row;
}

/** Citizen message entry (spec section 3). */
export function toCitizenMessage(row: MessageRow): CitizenMessage {
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    create_timestamp: new Date(row.created_at).toISOString(),
    tsid: String(row.tsid),
    state_data: {
      ...row.state_data,
      first_retrieved_timestamp: iso(row.first_retrieved_at),
      expiration_timestamp: iso(row.expires_at),
    },
    document:
      row.document_id && row.template_refname && row.document_state
        ? {
            id: row.document_id,
            reference_code: row.reference_code,
            template_refname: row.template_refname,
            state: row.document_state,
            issued_at: iso(row.issued_at),
            answer_state: row.answer_state,
            answer_reason: row.answer_reason,
          }
        : null,
    case_entry_id: row.inbox_entry_id,
  };
}
