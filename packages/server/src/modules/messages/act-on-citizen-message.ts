import type { CitizenMessage, MessageEvent } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { changeState, citizenMessageStatus } from '../../lib/state-change';
import { findOwnMessage, toCitizenMessage, type MessageRow } from './to-citizen-message';

/**
 * POST /api/gates/USER/gate/inbox-entries/action: `retrieve` (opening a message: the first
 * time it becomes read and keeps that time; an archived one is only read), `archive` (from read
 * or resolved) and `unarchive` (back to read). Every move goes through the message machine.
 */
export async function actOnCitizenMessage(
  db: Kysely<DB>,
  input: { ownerId: string; messageId: string; action: MessageEvent & string },
): Promise<CitizenMessage> {
  return db.transaction().execute(async (trx) => {
    // An archived message opened is only read.
    const isOnlyRead = (row: MessageRow) =>
      input.action === 'retrieve' && row.status === 'archived';
    const firstRetrievedOf = (row: MessageRow, at: Date) =>
      isOnlyRead(row)
        ? row.first_retrieved_at
        : (row.first_retrieved_at ?? (input.action === 'retrieve' ? at : null));
    const { row, to, at } = await changeState(trx, citizenMessageStatus, {
      lock: () => findOwnMessage(trx, input.ownerId, input.messageId, { forUpdate: true }),
      event: (row) => (isOnlyRead(row) ? null : input.action),
      columns: (row, { at }) => {
        const firstRetrieved = firstRetrievedOf(row, at);
        return firstRetrieved === row.first_retrieved_at
          ? undefined
          : { first_retrieved_at: firstRetrieved };
      },
    });
    return toCitizenMessage({ ...row, status: to, first_retrieved_at: firstRetrievedOf(row, at) });
  });
}
