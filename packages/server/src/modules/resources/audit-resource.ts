import {
  CASE_HISTORY_ACTIONS,
  ENTITY_DECISIONS,
  userDisplayName,
  type ResourceActionRequest,
  type ResourceActionResponse,
  type ResourceInfo,
} from '@dilosi/domain';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { containsPattern, filterOf, pageOf } from './resource-arguments';

export const auditInfo: ResourceInfo = {
  name: 'audit',
  title: 'resources.audit.title',
  fields: [
    { name: 'at', label: 'resources.audit.at', type: 'datetime', filterable: false },
    { name: 'user', label: 'resources.audit.user', type: 'text', filterable: true },
    {
      name: 'action',
      label: 'resources.audit.action',
      type: 'text',
      filterable: true,
      value_labels: 'resources.audit.actions',
      choices: [...CASE_HISTORY_ACTIONS, ...ENTITY_DECISIONS],
    },
    { name: 'subject', label: 'resources.audit.subject', type: 'text', filterable: false },
  ],
  row_actions: [],
  resource_actions: [],
};

/**
 * The staff audit resource, read-only: who did what at an entity, from the cases' history and
 * the entity's staff decisions, newest first, filterable by the actor's name and by action.
 */
export async function runAuditAction(
  db: Kysely<DB>,
  input: { entityId: string; request: ResourceActionRequest },
): Promise<ResourceActionResponse> {
  const { entityId, request } = input;
  if (request.action !== 'list') throw new AppError(400, 'resource_action_not_found');
  const { limit, offset } = pageOf(request);
  const userFilter = filterOf(request, 'user');
  const actionFilter = filterOf(request, 'action');

  const caseEvents = db
    .selectFrom('case_events as ev')
    .innerJoin('inbox_entries as ie', 'ie.id', 'ev.inbox_entry_id')
    .where('ie.entity_id', '=', entityId)
    .select([
      sql<string>`'case:' || ev.id::text`.as('id'),
      'ev.at as at',
      'ev.user_id as user_id',
      'ev.action as action',
      'ie.reference_code as subject',
    ]);
  const decisions = db
    .selectFrom('entity_decisions as d')
    .leftJoin('users as s', 's.id', 'd.subject_user_id')
    .where('d.entity_id', '=', entityId)
    .select([
      sql<string>`'staff:' || d.id::text`.as('id'),
      'd.at as at',
      'd.user_id as user_id',
      sql<string>`d.action::text`.as('action'),
      sql<string>`coalesce(nullif(trim(coalesce(s.firstname, '') || ' ' || coalesce(s.surname, '')), ''), '')`.as(
        'subject',
      ),
    ]);
  let query = db
    .selectFrom(caseEvents.unionAll(decisions).as('a'))
    .leftJoin('users as u', 'u.id', 'a.user_id');
  if (actionFilter) query = query.where('a.action', '=', actionFilter);
  if (userFilter) {
    const like = containsPattern(userFilter);
    query = query.where(
      sql<boolean>`(coalesce(u.firstname, '') || ' ' || coalesce(u.surname, '')) ilike ${like}`,
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select([
        'a.id',
        'a.at',
        'a.action',
        'a.subject',
        'u.id as uid',
        'u.firstname',
        'u.surname',
        'u.email',
        'u.username',
      ])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      user: row.uid ? userDisplayName({ ...row, id: row.uid }) : null,
      action: row.action,
      subject: row.subject,
    })),
    meta: { count: Number(total.n), limit, offset },
  };
}
