import {
  INBOX_TABS,
  type CaseStatus,
  type InboxCounts,
  type InboxList,
  type InboxQuery,
} from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import type { TemplateCatalog } from '../templates';
import { activitySince, hasNewActivity, newActivityCounts } from './case-activity';
import { toInboxItem } from './case-queries';
import { annotationsOfCases } from './case-annotations';
import { filteredCases } from './inbox-filters';

type CounterRow = { status: CaseStatus; assignee_id: string | null; n: number };

/** The counters the trigger keeps per entity × status × assignee (never count(*) over the list). */
async function counterRows(db: Kysely<DB>, entityId: string): Promise<CounterRow[]> {
  const rows = await db
    .selectFrom('inbox_counts')
    .select(['status', 'assignee_id', 'n'])
    .where('entity_id', '=', entityId)
    .execute();
  return rows.map((row) => ({ ...row, n: Number(row.n) }));
}

function countsOf(rows: readonly CounterRow[], userId: string): InboxCounts {
  const counts = Object.fromEntries(INBOX_TABS.map((tab) => [tab, 0])) as InboxCounts;
  for (const row of rows) {
    counts.all += row.n;
    counts[row.status] += row.n;
    if (row.status === 'pending' && row.assignee_id === userId) counts.me += row.n;
  }
  return counts;
}

/** Per tab, how many cases: from the counters the trigger keeps, not count(*). */
export async function inboxCounts(
  db: Kysely<DB>,
  entityId: string,
  userId: string,
): Promise<InboxCounts> {
  return countsOf(await counterRows(db, entityId), userId);
}

const SEARCH_FILTERS = [
  'case',
  'user',
  'document_title',
  'assignee',
  'date_from',
  'date_to',
  'activity',
  'followed',
  'opinions',
  'template',
  'annotation',
  'field',
] as const;

/**
 * A tab with no search filter (only status and assignee) is counted from the counters too;
 * undefined when a search narrows the list and it must be counted.
 */
function totalFromCounters(
  rows: readonly CounterRow[],
  query: InboxQuery,
  userId: string,
): number | undefined {
  if (SEARCH_FILTERS.some((key) => query[key]?.trim())) return undefined;
  const assignee = query.assignee_id === 'me' ? userId : query.assignee_id?.toLowerCase();
  return rows
    .filter((row) => !query.status || row.status === query.status)
    .filter((row) => query.assignee_id === undefined || row.assignee_id === assignee)
    .reduce((sum, row) => sum + row.n, 0);
}

/**
 * `activity=new` on a tab with no other search is one of the new-activity counts, already read:
 * all, a status, or my pending ones; undefined for any other combination.
 */
function totalFromNewCounts(counts: InboxCounts, query: InboxQuery): number | undefined {
  if (query.activity !== 'new') return undefined;
  if (SEARCH_FILTERS.some((key) => key !== 'activity' && query[key]?.trim())) return undefined;
  if (query.assignee_id === undefined) return query.status ? counts[query.status] : counts.all;
  if (query.assignee_id === 'me' && query.status === 'pending') return counts.me;
  return undefined;
}

/**
 * GET /api/entity/{e}/inbox: one page of the entity's cases, filtered and ordered as asked,
 * with `hasNext`, the filtered `total` and the tab counts.
 */
export async function listInbox(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string; userId: string; query: InboxQuery },
): Promise<InboxList> {
  const { entityId, userId, query } = input;
  const filtered = await filteredCases(db, catalog, input);
  const direction = query.ordering === 'received_at' ? 'asc' : 'desc';
  const counters = await counterRows(db, entityId);
  const fromCounters = totalFromCounters(counters, query, userId);
  const at = now();
  const viewer = { userId, since: activitySince(at) };
  const newCountsRead = newActivityCounts(db, { entityId, ...viewer });
  const [rows, total, newCounts] = await Promise.all([
    filtered
      .select((eb) => hasNewActivity(eb, viewer).as('new_activity'))
      .orderBy('inbox_entries.received_at', direction)
      .orderBy('inbox_entries.id', direction)
      .limit(query.limit + 1)
      .offset(query.offset)
      .execute(),
    fromCounters ??
      newCountsRead
        .then((counts) => totalFromNewCounts(counts, query))
        .then(
          (fromNew) =>
            fromNew ??
            filtered
              .clearSelect()
              .select((eb) => eb.fn.countAll<string>().as('total'))
              .executeTakeFirst()
              .then((row) => Number(row?.total ?? 0)),
        ),
    newCountsRead,
  ]);
  const page = rows.slice(0, query.limit);
  // The page's annotations (issue #41), for the columns the clerk chose: one indexed read.
  const annotations = await annotationsOfCases(
    db,
    page.map((row) => row.id),
  );
  return {
    data: page.map((row) => ({
      ...toInboxItem(catalog, row, at),
      new_activity: Boolean(row.new_activity),
      annotations: Object.fromEntries(annotations.get(row.id) ?? []),
    })),
    hasNext: rows.length > query.limit,
    total,
    meta: { counts: countsOf(counters, userId), new_counts: newCounts },
  };
}
