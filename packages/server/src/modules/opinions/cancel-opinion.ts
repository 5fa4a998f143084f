import { isUuid } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { changeState, opinionState } from '../../lib/state-change';
import { alertEntityStaff, findCase, recordCaseEvent, type CaseServices } from '../cases';
import { opinionNotFound } from './opinion-queries';
import { messageExpert } from './request-opinion';

type Services = Pick<CaseServices, 'notifier' | 'config'>;

/**
 * POST /api/entity/{e}/inbox/{i}/opinions/{id}/action `cancel` (issue #41): the asking entity
 * takes back a requested opinion (given or cancelled: 409 action_not_allowed_on_state), with its
 * history row, and the expert told: the asked entity's address and staff by e-mail, or a
 * message in the person's mailbox with its SMS and e-mail alert. Her page then shows it
 * cancelled and takes no answer.
 */
export async function cancelOpinion(
  services: Services,
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
          .select(['id', 'state', 'expert_entity_id', 'expert_user_id'])
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
      record: async (row) => {
        await recordCaseEvent(trx, {
          entryId: entry.id,
          action: 'opinion_cancelled',
          userId: input.userId,
          details: { opinion_id: row.id },
          at,
        });
        if (row.expert_entity_id) {
          await alertEntityStaff(services, trx, {
            entryId: entry.id,
            kind: 'opinion_cancelled',
            actorId: input.userId,
            to: {
              entityId: row.expert_entity_id,
              path: `/dashboard/entities/show/${row.expert_entity_id}/opinions/${row.id}`,
            },
          });
        } else if (row.expert_user_id) {
          await messageExpert(services, trx, {
            userId: row.expert_user_id,
            entityId: input.entityId,
            opinionId: row.id,
            caseId: entry.case_id,
            at,
            summary: `Ακυρώθηκε το αίτημα γνωμοδότησης για την υπόθεση ${entry.case_id}· δεν χρειάζεται πια απάντηση.`,
          });
        }
      },
    });
  });
}
