import type { Permission } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { changeState, permissionState } from '../../lib/state-change';
import { lockPermission, selectPermissions, toPermission } from './permission-queries';
import { recordEntityDecision } from './record-entity-decision';

/** A head accepts or rejects a pending request (spec section 4); anything else answers 409. */
export async function decidePermissionRequest(
  db: Kysely<DB>,
  input: { entityId: string; permissionId: string; userId: string; decision: 'accept' | 'reject' },
): Promise<Permission> {
  return db.transaction().execute(async (trx) => {
    const { row: permission } = await changeState(trx, permissionState, {
      lock: () => lockPermission(trx, input.entityId, input.permissionId),
      event: input.decision,
      columns: (_permission, { at }) => ({
        decided_by: input.userId,
        decided_at: at,
        updated_at: at,
      }),
      record: (permission, { at }) =>
        recordEntityDecision(trx, {
          entityId: input.entityId,
          action: input.decision,
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
