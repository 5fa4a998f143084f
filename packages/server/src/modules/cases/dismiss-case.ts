import { caseMachine, transition } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findCase } from './case-queries';
import { recordCaseEvent } from './record-case-event';

/**
 * A clerk takes a closed case (finished or canceled: the case machine's `dismiss`) off the
 * entity's lists and tab counts; a later status change brings it back.
 */
export async function dismissCase(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const entry = await findCase(trx, input.entityId, input.inboxId, { forUpdate: true });
    const moved = transition(caseMachine, entry.status, 'dismiss');
    if (!moved.ok || moved.state === null || entry.dismissed_at !== null) {
      throw new AppError(409, 'action_not_allowed_on_state');
    }
    const at = now();
    await trx
      .updateTable('inbox_entries')
      .set({ status: moved.state, dismissed_at: at, updated_at: at })
      .where('id', '=', entry.id)
      .execute();
    await recordCaseEvent(trx, { entryId: entry.id, action: 'dismiss', userId: input.userId, at });
  });
}
