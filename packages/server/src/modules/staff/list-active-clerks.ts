import type { ClerkPermission } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { hasRole, userDisplayName } from './entity-access';

/** The entity's active clerks and heads (a head is also a clerk), one row per person. */
export async function listActiveClerks(
  db: Kysely<DB>,
  entityId: string,
  userId?: string,
): Promise<ClerkPermission[]> {
  let query = db
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
    ])
    .where('permissions.entity_id', '=', entityId)
    .where('permissions.state', '=', 'active')
    .orderBy('users.surname')
    .orderBy('users.firstname');
  if (userId !== undefined) query = query.where('permissions.user_id', '=', userId);
  const rows = await query.execute();
  const byUser = new Map<string, ClerkPermission>();
  for (const row of rows) {
    if (!hasRole([row.role], 'clerk')) continue;
    const known = byUser.get(row.user_id);
    // One entry per person: the clerk permission when there is one.
    if (known && known.role === 'clerk') continue;
    byUser.set(row.user_id, {
      id: row.id,
      user_id: row.user_id,
      role: row.role,
      user_display_name: userDisplayName({ ...row, id: row.user_id }),
    });
  }
  return [...byUser.values()];
}
