import { caseStatusEvent, type CaseStatus } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { caseStatus, changeState, NO_DECISION } from '../../lib/state-change';
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
    await changeState(trx, caseStatus, {
      lock: () => findCase(trx, input.entityId, input.inboxId, { forUpdate: true }),
      event: caseStatusEvent(input.state),
      // A status change brings a dismissed case back to the lists, and supersedes a decision.
      columns: (_entry, { at }) => ({ updated_at: at, dismissed_at: null, ...NO_DECISION }),
      record: (entry, { from, to, at }) =>
        recordCaseEvent(trx, {
          entryId: entry.id,
          action: 'change_state',
          userId: input.userId,
          details: { from, to, ...(reason ? { reason } : {}) },
          at,
        }),
    });
  });
}
