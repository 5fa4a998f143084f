import { messageMachine, transition, type CitizenMessage, type MessageEvent } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findOwnMessage, toCitizenMessage } from './to-citizen-message';

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
    const row = await findOwnMessage(trx, input.ownerId, input.messageId, { forUpdate: true });
    if (input.action === 'retrieve' && row.status === 'archived') return toCitizenMessage(row);
    const moved = transition(messageMachine, row.status, input.action);
    if (!moved.ok || moved.state === null) throw new AppError(409, 'action_not_allowed_on_state');
    const at = now();
    const firstRetrieved = row.first_retrieved_at ?? (input.action === 'retrieve' ? at : null);
    if (moved.state !== row.status || firstRetrieved !== row.first_retrieved_at) {
      await trx
        .updateTable('citizen_messages')
        .set({ status: moved.state, first_retrieved_at: firstRetrieved })
        .where('id', '=', row.id)
        .execute();
    }
    return toCitizenMessage({ ...row, status: moved.state, first_retrieved_at: firstRetrieved });
  });
}
