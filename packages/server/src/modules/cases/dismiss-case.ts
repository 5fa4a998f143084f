import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { caseStatus, changeState } from '../../lib/state-change';
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
    await changeState(trx, caseStatus, {
      lock: () => findCase(trx, input.entityId, input.inboxId, { forUpdate: true }),
      check: (entry) => {
        if (entry.dismissed_at !== null) throw new AppError(409, 'action_not_allowed_on_state');
      },
      event: 'dismiss',
      columns: (_entry, { at }) => ({ dismissed_at: at, updated_at: at }),
      record: (entry, { at }) =>
        recordCaseEvent(trx, { entryId: entry.id, action: 'dismiss', userId: input.userId, at }),
    });
  });
}
