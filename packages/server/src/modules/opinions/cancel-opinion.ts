import { isUuid } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { changeState, opinionState } from '../../lib/state-change';
import { findCase, recordCaseEvent } from '../cases';
import { opinionNotFound } from './opinion-queries';

/**
 * POST /api/entity/{e}/inbox/{i}/opinions/{id}/action `cancel` (issue #41): the asking entity
 * takes back a requested opinion (given or cancelled: 409 action_not_allowed_on_state), with its
 * history row. The expert's page then shows it cancelled and takes no answer.
 */
export async function cancelOpinion(
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; opinionId: string; userId: string },
): Promise<void> {
  if (!isUuid(input.opinionId)) throw opinionNotFound();
  const entry = await findCase(db, input.entityId, input.inboxId);
  await db.transaction().execute(async (trx) => {
    const at = now();
    await changeState(trx, opinionState, {
      lock: async () => {
        const row = await trx
          .selectFrom('case_opinions')
          .select(['id', 'state'])
          .where('id', '=', input.opinionId.toLowerCase())
          .where('inbox_entry_id', '=', entry.id)
          .where('asking_entity_id', '=', input.entityId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw opinionNotFound();
        return row;
      },
      event: 'cancel',
      at,
      columns: () => ({ cancelled_at: at }),
      record: (row) =>
        recordCaseEvent(trx, {
          entryId: entry.id,
          action: 'opinion_cancelled',
          userId: input.userId,
          details: { opinion_id: row.id },
          at,
        }),
    });
  });
}
