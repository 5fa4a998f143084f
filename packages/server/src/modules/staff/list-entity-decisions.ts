import type { EntityDecisionPage } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { pageMeta } from '../../lib/paging';
import { userDisplayName } from './entity-access';

/** GET /api/entities/{id}/audit: the entity's decisions, newest first, one page. */
export async function listEntityDecisions(
  db: Kysely<DB>,
  input: { entityId: string; limit: number; offset: number },
): Promise<EntityDecisionPage> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('entity_decisions as d')
      .leftJoin('users as actor', 'actor.id', 'd.user_id')
      .leftJoin('users as subject', 'subject.id', 'd.subject_user_id')
      .select([
        'd.id',
        'd.action',
        'd.at',
        'd.details',
        'd.user_id',
        'd.subject_user_id',
        'actor.firstname as actor_firstname',
        'actor.surname as actor_surname',
        'subject.firstname as subject_firstname',
        'subject.surname as subject_surname',
      ])
      .where('d.entity_id', '=', input.entityId)
      .orderBy('d.at', 'desc')
      .orderBy('d.id', 'desc')
      .limit(input.limit)
      .offset(input.offset)
      .execute(),
    db
      .selectFrom('entity_decisions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('entity_id', '=', input.entityId)
      .executeTakeFirstOrThrow(),
  ]);
  const name = (id: string | null, firstname: string | null, surname: string | null) =>
    id === null ? null : userDisplayName({ id, firstname, surname });
  return {
    data: rows.map((row) => ({
      id: String(row.id),
      action: row.action,
      timestamp: new Date(row.at).toISOString(),
      user_display_name: name(row.user_id, row.actor_firstname, row.actor_surname),
      subject_display_name: name(row.subject_user_id, row.subject_firstname, row.subject_surname),
      details: row.details,
    })),
    meta: pageMeta(Number(total.n), input.limit, input.offset),
  };
}
