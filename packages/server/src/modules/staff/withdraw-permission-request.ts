import { isUuid, type Permission } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { changeState, permissionState } from '../../lib/state-change';
import { selectPermissions, toPermission } from './permission-queries';
import { recordEntityDecision } from './record-entity-decision';

/**
 * The requester takes back her own request while no head has answered it (issue #33): pending →
 * withdrawn through the permission machine, recorded in the entity's decisions. Another person's
 * request, or an unknown id, is a 404; an answered one a 409.
 */
export async function withdrawPermissionRequest(
  db: Kysely<DB>,
  input: { userId: string; permissionId: string },
): Promise<Permission> {
  if (!isUuid(input.permissionId)) throw new AppError(404, 'not_found');
  return db.transaction().execute(async (trx) => {
    const { row: permission } = await changeState(trx, permissionState, {
      lock: async () => {
        const permission = await trx
          .selectFrom('permissions')
          .select(['id', 'entity_id', 'user_id', 'role', 'state'])
          .where('id', '=', input.permissionId.toLowerCase())
          .where('user_id', '=', input.userId)
          .forUpdate()
          .executeTakeFirst();
        if (!permission) throw new AppError(404, 'not_found');
        return permission;
      },
      event: 'withdraw',
      columns: (_permission, { at }) => ({ decided_at: at, updated_at: at }),
      record: (permission, { at }) =>
        recordEntityDecision(trx, {
          entityId: permission.entity_id,
          action: 'withdraw',
          userId: input.userId,
          subjectUserId: permission.user_id,
          permissionId: permission.id,
          details: { role: permission.role },
          at,
        }),
    });
    const row = await selectPermissions(trx)
      .where('permissions.id', '=', permission.id)
      .executeTakeFirstOrThrow();
    return toPermission(row);
  });
}
