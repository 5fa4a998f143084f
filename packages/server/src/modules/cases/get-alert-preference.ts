import type { StaffAlertMode } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

export type AlertPreference = { mode: StaffAlertMode; email: string | null };

/**
 * GET /api/entity/{e}/alert-preference: how the caller chose to be told of this entity's new
 * cases and citizens' answers ('none' until they choose), and the address it goes to.
 */
export async function getAlertPreference(
  db: Kysely<DB>,
  input: { entityId: string; userId: string },
): Promise<AlertPreference> {
  const row = await db
    .selectFrom('users')
    .leftJoin('staff_alert_preferences as pref', (join) =>
      join.onRef('pref.user_id', '=', 'users.id').on('pref.entity_id', '=', input.entityId),
    )
    .select(['users.email', 'pref.mode'])
    .where('users.id', '=', input.userId)
    .executeTakeFirst();
  return { mode: row?.mode ?? 'none', email: row?.email ?? null };
}
