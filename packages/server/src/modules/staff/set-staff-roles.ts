import { PERMISSION_GRANTING_STATE, type EntityRole, isUuid } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { changeState, permissionState } from '../../lib/state-change';
import { grantRole } from './grant-role';
import { assertMayRemoveHead } from './head-seniority';
import { recordEntityDecision } from './record-entity-decision';

/**
 * A head edits a staff member's roles: roles added are granted, roles dropped deactivated, one
 * decision recorded. The head cannot drop their own head role (spec section 6).
 */
export async function setStaffRoles(
  db: Kysely<DB>,
  input: {
    entityId: string;
    subjectUserId: string;
    roles: EntityRole[];
    userId: string;
    userAfm: string | null;
  },
): Promise<void> {
  if (!isUuid(input.subjectUserId)) throw new AppError(404, 'not_found');
  const subjectUserId = input.subjectUserId.toLowerCase();
  await db.transaction().execute(async (trx) => {
    const held = await trx
      .selectFrom('permissions')
      .innerJoin('users', 'users.id', 'permissions.user_id')
      .select(['permissions.id', 'permissions.role', 'permissions.state', 'users.afm'])
      .where('permissions.user_id', '=', subjectUserId)
      .where('permissions.entity_id', '=', input.entityId)
      .where('permissions.state', '=', PERMISSION_GRANTING_STATE)
      .forUpdate('permissions')
      .execute();
    // Only staff have roles to edit; adding a person is its own action.
    if (held.length === 0) throw new AppError(404, 'not_found');
    const wanted = new Set(input.roles);
    const from = held.map((p) => p.role).sort();
    const at = now();
    for (const permission of held) {
      if (wanted.has(permission.role)) continue;
      if (
        permission.role === 'head' &&
        input.userAfm !== null &&
        permission.afm === input.userAfm
      ) {
        throw new AppError(409, 'own_head_entry');
      }
      if (permission.role === 'head') {
        await assertMayRemoveHead(trx, {
          entityId: input.entityId,
          actorUserId: input.userId,
          targetUserId: subjectUserId,
        });
      }
      await changeState(trx, permissionState, {
        // Locked above, with the person's other permissions.
        lock: async () => permission,
        event: 'deactivate',
        at,
        columns: () => ({ decided_by: input.userId, decided_at: at, updated_at: at }),
      });
    }
    for (const role of wanted) {
      if (from.includes(role)) continue;
      await grantRole(trx, {
        entityId: input.entityId,
        subjectUserId,
        role,
        userId: input.userId,
        at,
      });
    }
    const to = [...wanted].sort();
    if (to.join() === from.join()) return;
    await recordEntityDecision(trx, {
      entityId: input.entityId,
      action: 'role_change',
      userId: input.userId,
      subjectUserId,
      details: { from, to },
      at,
    });
  });
}
