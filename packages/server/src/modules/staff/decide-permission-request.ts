import { permissionMachine, transition, type Permission } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { lockPermission, selectPermissions, toPermission } from './permission-queries';
import { recordEntityDecision } from './record-entity-decision';

/** A head accepts or rejects a pending request (spec section 4); anything else answers 409. */
export async function decidePermissionRequest(
  db: Kysely<DB>,
  input: { entityId: string; permissionId: string; userId: string; decision: 'accept' | 'reject' },
): Promise<Permission> {
  return db.transaction().execute(async (trx) => {
    const permission = await lockPermission(trx, input.entityId, input.permissionId);
    const moved = transition(permissionMachine, permission.state, input.decision);
    if (!moved.ok || moved.state === null) throw new AppError(409, 'action_not_allowed_on_state');
    const at = now();
    await trx
      .updateTable('permissions')
      .set({ state: moved.state, decided_by: input.userId, decided_at: at, updated_at: at })
      .where('id', '=', permission.id)
      .execute();
    await recordEntityDecision(trx, {
      entityId: input.entityId,
      action: input.decision,
      userId: input.userId,
      subjectUserId: permission.user_id,
      permissionId: permission.id,
      details: { role: permission.role },
      at,
    });
    const row = await selectPermissions(trx)
      .where('permissions.id', '=', permission.id)
      .executeTakeFirstOrThrow();
    return toPermission(row);
  });
}
