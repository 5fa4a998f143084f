import { caseMachine, caseStatusEvent, transition, type CaseStatus } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findCase } from './case-queries';
import { recordCaseEvent } from './record-case-event';

/**
 * A clerk sets a case's status (spec section 4: any of the four from any status). `canceled` is
 * a rejection: its reason is required and kept in the history for the citizen to see.
 */
export async function changeCaseState(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string; state: CaseStatus; reason?: string },
): Promise<void> {
  const reason = input.reason?.trim() ?? '';
  if (input.state === 'canceled' && reason === '') {
    throw new AppError(400, 'invalid_request', {
      invalid_fields: [{ invalid_field: 'reason', error_info: { code: 'reason_required' } }],
    });
  }
  await db.transaction().execute(async (trx) => {
    const entry = await findCase(trx, input.entityId, input.inboxId, { forUpdate: true });
    const moved = transition(caseMachine, entry.status, caseStatusEvent(input.state));
    if (!moved.ok || moved.state === null) throw new AppError(409, 'action_not_allowed_on_state');
    const at = now();
    await trx
      .updateTable('inbox_entries')
      // A status change brings a dismissed case back to the lists.
      .set({ status: moved.state, updated_at: at, dismissed_at: null })
      .where('id', '=', entry.id)
      .execute();
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'change_state',
      userId: input.userId,
      details: { from: entry.status, to: moved.state, ...(reason ? { reason } : {}) },
      at,
    });
  });
}
