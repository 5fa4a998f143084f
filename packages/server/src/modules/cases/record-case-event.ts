import type { CaseHistoryAction } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * One history row, written in the transaction of the change it records; in the same statement
 * the case's latest activity (when, by whom), which the list's new-activity marks read
 * (docs/dashboard.md "New activity"). An event older than the latest leaves it as it is.
 */
export async function recordCaseEvent(
  trx: Kysely<DB>,
  event: {
    entryId: string;
    action: CaseHistoryAction;
    userId: string | null;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await trx
    .with('recorded', (db) =>
      db.insertInto('case_events').values({
        inbox_entry_id: event.entryId,
        action: event.action,
        user_id: event.userId,
        details: JSON.stringify(event.details ?? {}),
        at: event.at,
      }),
    )
    .updateTable('inbox_entries')
    .set({ last_activity_at: event.at, last_activity_by: event.userId })
    .where('id', '=', event.entryId)
    .where('last_activity_at', '<=', event.at)
    .execute();
}
