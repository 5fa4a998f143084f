import { isUuid } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { caseStatus, changeState } from '../../lib/state-change';
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
    await changeState(trx, caseStatus, {
      lock: async () => {
        const entry = await findCase(trx, input.entityId, input.inboxId, { forUpdate: true });
        const clerks = isUuid(input.assigneeId)
          ? await listActiveClerks(trx, input.entityId, input.assigneeId.toLowerCase())
          : [];
        const assignee = clerks[0];
        if (!assignee) {
          throw new AppError(400, 'invalid_request', {
            invalid_fields: [
              { invalid_field: 'user_id', error_info: { code: 'assignee_not_clerk' } },
            ],
          });
        }
        return { ...entry, assignee };
      },
      event: 'assign',
      columns: ({ assignee }, { at }) => ({ assignee_id: assignee.user_id, updated_at: at }),
      record: async ({ id, assignee }, { from, to, at }) => {
        await recordCaseEvent(trx, {
          entryId: id,
          action: 'assign',
          userId: input.userId,
          details: { assignee_id: assignee.user_id, assignee: assignee.user_display_name },
          at,
        });
        if (to !== from) {
          await recordCaseEvent(trx, {
            entryId: id,
            action: 'auto_change_state',
            userId: input.userId,
            details: { from, to },
            at,
          });
        }
      },
    });
  });
}
