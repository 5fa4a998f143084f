import {
  CASE_ACTIVITY_DAYS,
  DAY_MS,
  INBOX_TABS,
  type CaseStatus,
  type InboxCounts,
} from '@dilosi/domain';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * "New activity since you last opened it" (issue #33, docs/dashboard.md "New activity"): the
 * case's latest activity (inbox_entries.last_activity_at/_by, kept by recordCaseEvent and the
 * arrival) is someone else's, later than the viewer's last opening (case_reads), and within
 * CASE_ACTIVITY_DAYS, so the marks and their counts read a bounded range of an index.
 */

/** The oldest activity that still counts as new at `at`. */
export function activitySince(at: Date): Date {
  return new Date(at.getTime() - CASE_ACTIVITY_DAYS * DAY_MS);
}

/** The condition on an inbox_entries row: new activity for this viewer. */
export function hasNewActivity(
  eb: ExpressionBuilder<DB, 'inbox_entries'>,
  viewer: { userId: string; since: Date },
) {
  return eb.and([
    eb('inbox_entries.last_activity_at', '>=', viewer.since),
    eb('inbox_entries.last_activity_by', 'is distinct from', viewer.userId),
    eb.not(
      eb.exists(
        eb
          .selectFrom('case_reads')
          .select(sql`1`.as('seen'))
          .whereRef('case_reads.inbox_entry_id', '=', 'inbox_entries.id')
          .where('case_reads.user_id', '=', viewer.userId)
          .whereRef('case_reads.seen_at', '>=', 'inbox_entries.last_activity_at'),
      ),
    ),
  ]);
}

/** Per tab, how many listed cases of the entity have new activity for the viewer. */
export async function newActivityCounts(
  db: Kysely<DB>,
  input: { entityId: string; userId: string; since: Date },
): Promise<InboxCounts> {
  const rows = await db
    .selectFrom('inbox_entries')
    .select((eb) => [
      'inbox_entries.status',
      eb('inbox_entries.assignee_id', '=', input.userId).as('mine'),
      eb.fn.countAll<string>().as('n'),
    ])
    .where('inbox_entries.entity_id', '=', input.entityId)
    .where('inbox_entries.dismissed_at', 'is', null)
    .where((eb) => hasNewActivity(eb, input))
    .groupBy(['inbox_entries.status', 'mine'])
    .execute();
  const counts = Object.fromEntries(INBOX_TABS.map((tab) => [tab, 0])) as InboxCounts;
  for (const row of rows) {
    const n = Number(row.n);
    const status = row.status as CaseStatus;
    counts.all += n;
    if (status in counts) counts[status as keyof InboxCounts] += n;
    if (status === 'pending' && row.mine) counts.me += n;
  }
  return counts;
}

/** The viewer opened the case: its activity up to `at` is seen. */
export async function markCaseSeen(
  db: Kysely<DB>,
  input: { entryId: string; userId: string; at: Date },
): Promise<void> {
  await db
    .insertInto('case_reads')
    .values({ inbox_entry_id: input.entryId, user_id: input.userId, seen_at: input.at })
    .onConflict((oc) =>
      oc.columns(['inbox_entry_id', 'user_id']).doUpdateSet({
        seen_at: sql`greatest(case_reads.seen_at, excluded.seen_at)`,
      }),
    )
    .execute();
}
