import { isUuid } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { changeState, opinionState } from '../../lib/state-change';
import { alertEntityStaff, findCase, recordCaseEvent, type CaseServices } from '../cases';
import { alertCitizen, deliverCitizenMessage } from '../messages';
import { opinionNotFound } from './opinion-queries';

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
          await tellPerson(services, trx, {
            userId: row.expert_user_id,
            entityId: input.entityId,
            opinionId: row.id,
            caseId: entry.case_id,
            at,
          });
        }
      },
    });
  });
}

/** The person asked: a message in her mailbox linking to her (now cancelled) opinion, alerted. */
async function tellPerson(
  services: Services,
  trx: Kysely<DB>,
  input: { userId: string; entityId: string; opinionId: string; caseId: string; at: Date },
): Promise<void> {
  const [entity, user] = await Promise.all([
    trx
      .selectFrom('entities')
      .select('display_name')
      .where('id', '=', input.entityId)
      .executeTakeFirstOrThrow(),
    trx
      .selectFrom('users')
      .select(['id', 'email', 'mobile', 'mobile_certified'])
      .where('id', '=', input.userId)
      .executeTakeFirstOrThrow(),
  ]);
  const path = `/my/opinions/${input.opinionId}`;
  await deliverCitizenMessage(trx, {
    ownerId: user.id,
    type: 'message',
    stateData: {
      title: entity.display_name,
      sender_display_name: entity.display_name,
      summary: `Ακυρώθηκε το αίτημα γνωμοδότησης για την υπόθεση ${input.caseId}· δεν χρειάζεται πια απάντηση.`,
      opinion_link: path,
    },
    at: input.at,
  });
  await alertCitizen(services, trx, user, {
    sms: 'case_message_sms',
    email: 'case_message_email',
    params: {
      entity: entity.display_name,
      case_id: input.caseId,
      url: `${services.config.publicUrl}${path}`,
    },
  });
}
