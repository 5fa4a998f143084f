import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { changeState, permissionState } from '../../lib/state-change';
import { assertMayRemoveHead } from './head-seniority';
import { lockPermission } from './permission-queries';
import { recordEntityDecision } from './record-entity-decision';

/**
 * A head deactivates an active permission (the staff "delete"). Their own head entry, matched by
 * tax number (spec section 6), stays: an entity is never left without its head by mistake.
 * The person loses the role on their very next request (access is read on every request).
 */
export async function deactivatePermission(
  db: Kysely<DB>,
  input: { entityId: string; permissionId: string; userId: string; userAfm: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await changeState(trx, permissionState, {
      lock: () => lockPermission(trx, input.entityId, input.permissionId),
      check: async (permission) => {
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
            targetUserId: permission.user_id,
          });
        }
      },
      event: 'deactivate',
      columns: (_permission, { at }) => ({
        decided_by: input.userId,
        decided_at: at,
        updated_at: at,
      }),
      record: (permission, { at }) =>
        recordEntityDecision(trx, {
          entityId: input.entityId,
          action: 'deactivate',
          userId: input.userId,
          subjectUserId: permission.user_id,
          permissionId: permission.id,
          details: { role: permission.role },
          at,
        }),
    });
  });
}
