import { messageMachine, type CitizenMessageType } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { nextTsid } from './next-tsid';

/**
 * Puts a message in a citizen's mailbox (the USER gate), new, in the caller's transaction. The
 * tsid (milliseconds × 1000 + a sequence) only grows: the citizen's polling cursor.
 */
export async function deliverCitizenMessage(
  trx: Kysely<DB>,
  message: {
    ownerId: string;
    type: CitizenMessageType;
    stateData: Record<string, unknown>;
    documentId?: string | null;
    inboxEntryId?: string | null;
    at: Date;
  },
): Promise<string> {
  const row = await trx
    .insertInto('citizen_messages')
    .values({
      owner_id: message.ownerId,
      type: message.type,
      status: messageMachine.initial,
      tsid: await nextTsid(trx, message.at),
      state_data: JSON.stringify(message.stateData),
      document_id: message.documentId ?? null,
      inbox_entry_id: message.inboxEntryId ?? null,
      created_at: message.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
