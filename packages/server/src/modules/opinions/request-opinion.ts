import { athensIsoDate, opinionMachine, type OpinionRequest } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import { AppError, invalidField } from '../../lib/app-error';
import { alertEntityStaff, findCase, recordCaseEvent, type CaseServices } from '../cases';
import { alertCitizen, deliverCitizenMessage } from '../messages';

type Services = Pick<CaseServices, 'notifier' | 'config'>;

/** A calendar day that exists (2026-02-30 does not). */
function isRealDay(day: string): boolean {
  const parsed = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
}

/** The expert named: an enabled entity with a mailbox other than the asker, or a user by AFM. */
async function findExpert(
  db: Kysely<DB>,
  askingEntityId: string,
  expert: OpinionRequest['expert'],
): Promise<{ entityId: string; name: string } | { userId: string; afm: string }> {
  if ('entity' in expert) {
    const entity = await db
      .selectFrom('entities')
      .select(['id', 'display_name'])
      .where('codename', '=', expert.entity)
      .where('enabled', '=', true)
      .where('has_inbox', '=', true)
      .executeTakeFirst();
    if (!entity) throw new AppError(400, 'opinion_expert_unknown');
    if (entity.id === askingEntityId) throw new AppError(400, 'opinion_own_entity');
    return { entityId: entity.id, name: entity.display_name.el };
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'afm'])
    .where('afm', '=', expert.afm)
    .executeTakeFirst();
  if (!user) throw new AppError(400, 'opinion_expert_unknown');
  return { userId: user.id, afm: expert.afm };
}

/**
 * POST /api/entity/{e}/inbox/{i}/opinions (issue #41): a clerk asks another entity or a person
 * with an account for an opinion on the case, with a question and a deadline after today (Greek
 * time); the case stays where it is. In one transaction: the opinion (requested), the history
 * row, and the alert: the asked entity's address and staff by e-mail (as for a new case), or a
 * message in the person's mailbox linking to /my/opinions/{id} with its SMS and e-mail alert.
 */
export async function requestOpinion(
  services: Services,
  db: Kysely<DB>,
  input: { entityId: string; inboxId: string; userId: string } & OpinionRequest,
): Promise<string> {
  if (!isRealDay(input.deadline)) throw invalidField('deadline', 'date_invalid');
  const at = now();
  if (input.deadline <= athensIsoDate(at)) throw new AppError(400, 'opinion_deadline_past');
  const entry = await findCase(db, input.entityId, input.inboxId);
  const expert = await findExpert(db, input.entityId, input.expert);
  return db.transaction().execute(async (trx) => {
    const opinion = await trx
      .insertInto('case_opinions')
      .values({
        inbox_entry_id: entry.id,
        asking_entity_id: input.entityId,
        expert_entity_id: 'entityId' in expert ? expert.entityId : null,
        expert_user_id: 'userId' in expert ? expert.userId : null,
        question: input.question,
        deadline: input.deadline,
        state: opinionMachine.initial,
        requested_by: input.userId,
        requested_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCaseEvent(trx, {
      entryId: entry.id,
      action: 'opinion_requested',
      userId: input.userId,
      details: {
        opinion_id: opinion.id,
        deadline: input.deadline,
        ...('entityId' in expert ? { expert: expert.name } : { expert_afm: expert.afm }),
      },
      at,
    });
    if ('entityId' in expert) {
      await alertEntityStaff(services, trx, {
        entryId: entry.id,
        kind: 'opinion_requested',
        actorId: input.userId,
        to: {
          entityId: expert.entityId,
          path: `/dashboard/entities/show/${expert.entityId}/opinions/${opinion.id}`,
        },
      });
    } else {
      await messageExpert(services, trx, {
        userId: expert.userId,
        entityId: input.entityId,
        opinionId: opinion.id,
        caseId: entry.case_id,
        at,
      });
    }
    return opinion.id;
  });
}

/**
 * The person asked gets a message in her mailbox (not tied to the case: she may not write into
 * its thread) linking to her opinion page, and its SMS and e-mail alert: asked, or told of a
 * cancellation (`summary` says which).
 */
export async function messageExpert(
  services: Services,
  trx: Kysely<DB>,
  input: {
    userId: string;
    entityId: string;
    opinionId: string;
    caseId: string;
    at: Date;
    summary?: string;
  },
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
      summary: input.summary ?? `Ζητείται η γνώμη σας για την υπόθεση ${input.caseId}.`,
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
