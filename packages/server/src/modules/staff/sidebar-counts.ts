import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

type SidebarCounts = { incoming: number; me: number };

/**
 * The workspace sidebar's two counters per entity (issue #39), read from the counters the
 * inbox trigger keeps, in one query for all the caller's entities (never count(*) over cases).
 */
export async function sidebarCounts(
  db: Kysely<DB>,
  entityIds: readonly string[],
  userId: string,
): Promise<Map<string, SidebarCounts>> {
  const result = new Map<string, SidebarCounts>();
  if (entityIds.length === 0) return result;
  const rows = await db
    .selectFrom('inbox_counts')
    .select(['entity_id', 'status', 'assignee_id', 'n'])
    .where('entity_id', 'in', entityIds)
    .where('status', 'in', ['incoming', 'pending'])
    .execute();
  for (const row of rows) {
    const counts = result.get(row.entity_id) ?? { incoming: 0, me: 0 };
    if (row.status === 'incoming') counts.incoming += Number(row.n);
    else if (row.assignee_id === userId) counts.me += Number(row.n);
    result.set(row.entity_id, counts);
  }
  return result;
}
