import { caseMachine, transition, isUuid } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { listActiveClerks } from '../staff';
import { findCase } from './case-queries';
import { recordCaseEvent } from './record-case-event';

/**
 * Assigns a case to one of the entity's active clerks. An incoming case becomes pending (the
 * history records the assignment and the automatic change of state).
 */
export async function assignCase(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string; assigneeId: string },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const entry = await findCase(trx, input.entityId, input.inboxId, { forUpdate: true });
    const clerks = isUuid(input.assigneeId)
      ? await listActiveClerks(trx, input.entityId, input.assigneeId.toLowerCase())
      : [];
    const assignee = clerks[0];
    if (!assignee) {
      throw new AppError(400, 'invalid_request', {
        invalid_fields: [{ invalid_field: 'user_id', error_info: { code: 'assignee_not_clerk' } }],
      });
    }
    const moved = transition(caseMachine, entry.status, 'assign');
    if (!moved.ok || moved.state === null) throw new AppError(409, 'action_not_allowed_on_state');
    const at = now();
    await trx
      .updateTable('inbox_entries')
      .set({ assignee_id: assignee.user_id, status: moved.state, updated_at: at })
      .where('id', '=', entry.id)
      .execute();
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'assign',
      userId: input.userId,
      details: { assignee_id: assignee.user_id, assignee: assignee.user_display_name },
      at,
    });
    if (moved.state !== entry.status) {
      await recordCaseEvent(trx, {
        entryId: entry.id,
        action: 'auto_change_state',
        userId: input.userId,
        details: { from: entry.status, to: moved.state },
        at,
      });
    }
  });
}
