import type { StaffAlertMode } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { getAlertPreference, type AlertPreference } from './get-alert-preference';

/**
 * PUT /api/entity/{e}/alert-preference: the caller's own choice for this entity, each event, a
 * daily digest or none (issue #33). A personal setting: also on a disabled entity.
 */
export async function setAlertPreference(
  db: Kysely<DB>,
  input: { entityId: string; userId: string; mode: StaffAlertMode },
): Promise<AlertPreference> {
  await db
    .insertInto('staff_alert_preferences')
    .values({
      entity_id: input.entityId,
      user_id: input.userId,
      mode: input.mode,
      updated_at: now(),
    })
    .onConflict((oc) =>
      oc.columns(['entity_id', 'user_id']).doUpdateSet((eb) => ({
        mode: eb.ref('excluded.mode'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
  return getAlertPreference(db, input);
}
