import {
  CASE_STATUSES,
  INBOX_TABS,
  nameKey,
  type InboxCounts,
  type InboxList,
  type InboxQuery,
} from '@dilosi/domain';
import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import type { TemplateCatalog } from '../templates';
import { caseRows, toInboxItem } from './case-queries';

const NO_ASSIGNEE = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Midnight in Athens of a YYYY-MM-DD day, as an instant (DST-aware through the database). */
const athensDayStart = (day: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone 'Europe/Athens'`;

/** Per tab, how many cases: from the counters the trigger keeps, not count(*). */
export async function inboxCounts(
  db: Kysely<DB>,
  entityId: string,
  userId: string,
): Promise<InboxCounts> {
  const rows = await db
    .selectFrom('inbox_counts')
    .select(['status', 'assignee_id', 'n'])
    .where('entity_id', '=', entityId)
    .execute();
  const counts = Object.fromEntries(INBOX_TABS.map((tab) => [tab, 0])) as InboxCounts;
  for (const row of rows) {
    const n = Number(row.n);
    counts.all += n;
    counts[row.status] += n;
    if (row.status === 'pending' && row.assignee_id === userId) counts.me += n;
  }
  return counts;
}

/**
 * GET /api/entity/{e}/inbox: one page of the entity's cases, filtered and ordered as asked,
 * with `hasNext`, the filtered `total` and the tab counts. Filters go to indexed columns only
 * (entity, status, assignee, received_at, the folded name and the case number).
 */
export async function listInbox(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string; userId: string; query: InboxQuery },
): Promise<InboxList> {
  const { entityId, userId, query } = input;
  let filtered = caseRows(db).where('inbox_entries.entity_id', '=', entityId);
  if (query.status && (CASE_STATUSES as readonly string[]).includes(query.status)) {
    filtered = filtered.where('inbox_entries.status', '=', query.status);
  }
  if (query.assignee_id) {
    const assignee = query.assignee_id === 'me' ? userId : query.assignee_id;
    // An id that is not a uuid matches nothing (and never reaches the uuid column).
    filtered = filtered.where(
      'inbox_entries.assignee_id',
      '=',
      UUID.test(assignee) ? assignee.toLowerCase() : NO_ASSIGNEE,
    );
  }
  const caseNumber = query.case?.trim();
  if (caseNumber) filtered = filtered.where('inbox_entries.case_id', '=', caseNumber.toUpperCase());
  const name = query.user ? nameKey(query.user) : '';
  if (name)
    filtered = filtered.where('inbox_entries.citizen_name_key', 'like', `%${escapeLike(name)}%`);
  const title = query.document_title?.trim();
  if (title) {
    const refnames = catalog
      .list()
      .filter((t) =>
        matchesTitle(
          [t.refname, t.shortname.el, t.shortname.en ?? '', t.shortname.fr ?? ''],
          title,
        ),
      )
      .map((t) => t.refname);
    filtered = filtered.where((eb) =>
      eb.or([
        eb('inbox_entries.subject', 'ilike', `%${escapeLike(title)}%`),
        ...(refnames.length ? [eb('inbox_entries.template_refname', 'in', refnames)] : []),
      ]),
    );
  }
  const assigneeName = query.assignee ? nameKey(query.assignee) : '';
  if (assigneeName) {
    // The entity's staff whose name matches, in any script; then an indexed assignee filter.
    const staff = await db
      .selectFrom('permissions')
      .innerJoin('users', 'users.id', 'permissions.user_id')
      .select(['users.id', 'users.firstname', 'users.surname'])
      .where('permissions.entity_id', '=', entityId)
      .execute();
    const ids = staff
      .filter((u) => nameKey(`${u.firstname ?? ''} ${u.surname ?? ''}`).includes(assigneeName))
      .map((u) => u.id);
    filtered = filtered.where('inbox_entries.assignee_id', 'in', ids.length ? ids : [NO_ASSIGNEE]);
  }
  if (query.date_from) {
    filtered = filtered.where('inbox_entries.received_at', '>=', athensDayStart(query.date_from));
  }
  if (query.date_to) {
    filtered = filtered.where(
      'inbox_entries.received_at',
      '<',
      sql<Date>`${athensDayStart(query.date_to)} + interval '1 day'`,
    );
  }
  const direction = query.ordering === 'received_at' ? 'asc' : 'desc';
  const [rows, totalRow, counts] = await Promise.all([
    filtered
      .orderBy('inbox_entries.received_at', direction)
      .orderBy('inbox_entries.id', direction)
      .limit(query.limit + 1)
      .offset(query.offset)
      .execute(),
    filtered
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('total'))
      .executeTakeFirst(),
    inboxCounts(db, entityId, userId),
  ]);
  const at = now();
  return {
    data: rows.slice(0, query.limit).map((row) => toInboxItem(catalog, row, at)),
    hasNext: rows.length > query.limit,
    total: Number(totalRow?.total ?? 0),
    meta: { counts },
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function matchesTitle(names: string[], query: string): boolean {
  const wanted = nameKey(query);
  return wanted !== '' && names.some((name) => nameKey(name).includes(wanted));
}
