import { PERMISSION_WAITING_STATE, type PermissionPage } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageMeta } from '../../lib/paging';
import { selectPermissions, toPermission } from './permission-queries';

/** GET /api/entities/{id}/pending-permissions: the requests waiting for the head, oldest first. */
export async function listPendingPermissions(
  db: Kysely<DB>,
  input: { entityId: string; limit: number; offset: number },
): Promise<PermissionPage> {
  const [rows, total] = await Promise.all([
    selectPermissions(db)
      .where('permissions.entity_id', '=', input.entityId)
      .where('permissions.state', '=', PERMISSION_WAITING_STATE)
      .orderBy('permissions.created_at')
      .orderBy('permissions.id')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    db
      .selectFrom('permissions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entity_id', '=', input.entityId)
      .where('state', '=', PERMISSION_WAITING_STATE)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map(toPermission),
    meta: pageMeta(Number(total.n), input.limit, input.offset),
  };
}
