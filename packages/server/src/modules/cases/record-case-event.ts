import type { CaseHistoryAction } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** One history row, written in the transaction of the change it records. */
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
    .insertInto('case_events')
    .values({
      inbox_entry_id: event.entryId,
      action: event.action,
      user_id: event.userId,
      details: JSON.stringify(event.details ?? {}),
      at: event.at,
    })
    .execute();
}
