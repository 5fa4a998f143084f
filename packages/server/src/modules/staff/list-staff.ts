import { PERMISSION_GRANTING_STATE, type StaffEntry } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { userDisplayName } from './entity-access';

/** GET /api/entities/{id}/active-permissions: one staff entry per person with their roles. */
export async function listStaff(db: Kysely<DB>, entityId: string): Promise<StaffEntry[]> {
  const rows = await db
    .selectFrom('permissions')
    .innerJoin('users', 'users.id', 'permissions.user_id')
    .select([
      'permissions.id',
      'permissions.user_id',
      'permissions.role',
      'users.firstname',
      'users.surname',
      'users.email',
      'users.username',
      'users.afm',
    ])
    .where('permissions.entity_id', '=', entityId)
    .where('permissions.state', '=', PERMISSION_GRANTING_STATE)
    .orderBy('users.surname')
    .orderBy('users.firstname')
    .orderBy('permissions.user_id')
    .orderBy('permissions.role')
    .execute();
  const byUser = new Map<string, StaffEntry>();
  for (const row of rows) {
    const entry = byUser.get(row.user_id) ?? {
      user_id: row.user_id,
      name: userDisplayName({ ...row, id: row.user_id }),
      afm: row.afm,
      email: row.email,
      roles: [],
      permissions: [],
    };
    entry.roles.push(row.role);
    entry.permissions.push({ id: row.id, role: row.role });
    byUser.set(row.user_id, entry);
  }
  return [...byUser.values()];
}
