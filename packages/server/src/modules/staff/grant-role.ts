import { PERMISSION_WAITING_STATE, permissionMachine, type EntityRole } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { changeState, permissionState } from '../../lib/state-change';

/**
 * A head grants a role directly (adding staff, editing roles): a waiting request for it is
 * accepted, else a new permission starts where every request starts and is accepted at once,
 * so the state still moves only through the machine. Answers the permission's id.
 */
export async function grantRole(
  trx: Kysely<DB>,
  input: { entityId: string; subjectUserId: string; role: EntityRole; userId: string; at: Date },
): Promise<string> {
  const { row } = await changeState(trx, permissionState, {
    lock: () => waitingOrNew(trx, input),
    event: 'accept',
    at: input.at,
    columns: () => ({ decided_by: input.userId, decided_at: input.at, updated_at: input.at }),
  });
  return row.id;
}

/** The waiting request for the role, locked, else a new one (locked by its own insert). */
async function waitingOrNew(
  trx: Kysely<DB>,
  input: { entityId: string; subjectUserId: string; role: EntityRole; userId: string; at: Date },
) {
  const waiting = await trx
    .selectFrom('permissions')
    .select(['id', 'state'])
    .where('user_id', '=', input.subjectUserId)
    .where('entity_id', '=', input.entityId)
    .where('role', '=', input.role)
    .where('state', '=', PERMISSION_WAITING_STATE)
    .forUpdate()
    .executeTakeFirst();
  return (
    waiting ??
    (await trx
      .insertInto('permissions')
      .values({
        user_id: input.subjectUserId,
        entity_id: input.entityId,
        role: input.role,
        state: permissionMachine.initial,
        requested_by: input.userId,
        created_at: input.at,
        updated_at: input.at,
      })
      .returning(['id', 'state'])
      .executeTakeFirstOrThrow())
  );
}
