import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/** The active notices of an entity, newest first: what a citizen sees on its templates. */
export async function activeNotifications(db: Kysely<DB>, entityId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('entity_notifications')
    .select('message')
    .where('entity_id', '=', entityId)
    .where('is_active', '=', true)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((row) => row.message);
}
