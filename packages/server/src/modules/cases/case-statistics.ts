import {
  CASE_STATUSES,
  OPEN_AGE_BUCKETS,
  OPEN_CASE_STATUSES,
  athensToday,
  statisticsRange,
  userDisplayName,
  weeksOf,
  type CaseStatistics,
  type CaseStatisticsQuery,
  type CaseStatus,
  type OpenAgeBucket,
} from '@dilosi/domain';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { now } from '../../clock';
import type { DB } from '../../db/schema';
import type { TemplateCatalog } from '../templates';

/** Midnight in Athens of a YYYY-MM-DD day, as an instant (DST-aware through the database). */
const athensDayStart = (day: string) =>
  sql<Date>`(${day}::date)::timestamp at time zone 'Europe/Athens'`;

/** The Monday (YYYY-MM-DD) of the Athens week of an instant column. */
const athensWeek = (column: RawBuilder<unknown>) =>
  sql<string>`to_char(date_trunc('week', ${column} at time zone 'Europe/Athens'), 'YYYY-MM-DD')`;

/** The age bucket of an age in whole days, as the domain's OPEN_AGE_BUCKETS say. */
const ageBucketSql = (age: RawBuilder<number>) =>
  sql<OpenAgeBucket>`case ${sql.join(
    OPEN_AGE_BUCKETS.filter((b) => b.max !== null).map(
      (b) => sql`when ${age} <= ${sql.lit(b.max)} then ${sql.lit(b.key)}`,
    ),
    sql` `,
  )} else ${sql.lit(OPEN_AGE_BUCKETS[OPEN_AGE_BUCKETS.length - 1]!.key)} end`;

const DAY_SECONDS = 86_400;

/**
 * An entity's statistics (issue #41): four aggregate queries, each on an index of the entity's
 * cases (received_at; closed_at; status), never a scan of the history. `open` and the load's open
 * counts are now, whatever the range; the rest covers the range's Athens days.
 */
export async function caseStatistics(
  db: Kysely<DB>,
  catalog: TemplateCatalog,
  input: { entityId: string; query: CaseStatisticsQuery },
): Promise<CaseStatistics> {
  const at = now();
  const { date_from, date_to } = statisticsRange(input.query, todayOf(at));
  const template = input.query.template ?? null;
  const start = athensDayStart(date_from);
  const end = sql<Date>`${athensDayStart(date_to)} + interval '1 day'`;
  const ofTemplate = template === null ? sql`true` : sql`template_refname = ${template}`;
  const entity = input.entityId;

  const receivedQuery = sql<{ week: string; status: CaseStatus; refname: string; n: number }>`
    select ${athensWeek(sql`received_at`)} as week, status, template_refname as refname,
      count(*)::int as n
    from inbox_entries
    where entity_id = ${entity} and received_at >= ${start} and received_at < ${end}
    group by 1, 2, 3`.execute(db);

  const finishedQuery = sql<{ week: string; assignee_id: string | null; n: number }>`
    select ${athensWeek(sql`closed_at`)} as week, assignee_id, count(*)::int as n
    from inbox_entries
    where entity_id = ${entity} and closed_at >= ${start} and closed_at < ${end}
      and status = 'finished' and ${ofTemplate}
    group by 1, 2`.execute(db);

  const durationsQuery = sql<{ n: number; median: number | null; p90: number | null }>`
    select count(*)::int as n,
      percentile_cont(0.5) within group (order by extract(epoch from closed_at - received_at))
        / ${DAY_SECONDS} as median,
      percentile_cont(0.9) within group (order by extract(epoch from closed_at - received_at))
        / ${DAY_SECONDS} as p90
    from inbox_entries
    where entity_id = ${entity} and closed_at >= ${start} and closed_at < ${end}
      and status = 'finished' and ${ofTemplate}`.execute(db);

  const age = sql<number>`floor(extract(epoch from (${at} - received_at)) / ${DAY_SECONDS})`;
  const openQuery = sql<{
    assignee_id: string | null;
    bucket: OpenAgeBucket;
    n: number;
    overdue: number;
  }>`
    select assignee_id, ${ageBucketSql(sql<number>`age`)} as bucket, count(*)::int as n,
      (count(*) filter (where age > deadline_days))::int as overdue
    from (
      select assignee_id, deadline_days, ${age} as age
      from inbox_entries
      where entity_id = ${entity}
        and status in (${sql.join(OPEN_CASE_STATUSES.map((s) => sql.lit(s)))})
        and ${ofTemplate}
    ) open_cases
    group by 1, 2`.execute(db);

  // Four reads at once (each on its own pooled connection on PostgreSQL).
  const [received, finished, durations, open] = await Promise.all([
    receivedQuery,
    finishedQuery,
    durationsQuery,
    openQuery,
  ]);
  // Every template's rows give the filter's choices; the figures count the chosen one's.
  const receivedOfTemplate = received.rows.filter(
    (r) => template === null || r.refname === template,
  );
  return {
    range: { date_from, date_to },
    template,
    weeks: weekRows(date_from, date_to, receivedOfTemplate, finished.rows),
    time_to_finish: {
      count: durations.rows[0]?.n ?? 0,
      median_days: roundDays(durations.rows[0]?.median),
      p90_days: roundDays(durations.rows[0]?.p90),
    },
    open: openSummary(open.rows),
    load: await loadRows(db, open.rows, finished.rows),
    statuses: CASE_STATUSES.map((status) => ({
      status,
      count: sum(receivedOfTemplate.filter((r) => r.status === status)),
    })),
    templates: templateRows(catalog, received.rows),
  };
}

function todayOf(at: Date): string {
  const { year, month, day } = athensToday(at);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const sum = (rows: readonly { n: number }[]) => rows.reduce((total, r) => total + r.n, 0);

/** Days to one decimal (PGlite and PostgreSQL may answer the quantile as a string). */
function roundDays(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  return Math.round(Number(value) * 10) / 10;
}

function weekRows(
  from: string,
  to: string,
  received: readonly { week: string; n: number }[],
  finished: readonly { week: string; n: number }[],
): CaseStatistics['weeks'] {
  return weeksOf(from, to).map((week) => ({
    week,
    received: sum(received.filter((r) => r.week === week)),
    finished: sum(finished.filter((r) => r.week === week)),
  }));
}

function openSummary(
  rows: readonly { bucket: OpenAgeBucket; n: number; overdue: number }[],
): CaseStatistics['open'] {
  const buckets = OPEN_AGE_BUCKETS.map(({ key }) => {
    const of = rows.filter((r) => r.bucket === key);
    return { bucket: key, count: sum(of), overdue: of.reduce((t, r) => t + r.overdue, 0) };
  });
  return {
    total: buckets.reduce((t, b) => t + b.count, 0),
    overdue: buckets.reduce((t, b) => t + b.overdue, 0),
    buckets,
  };
}

/** Per assignee, open now and finished in the range; the unassigned row (null) last. */
async function loadRows(
  db: Kysely<DB>,
  open: readonly { assignee_id: string | null; n: number }[],
  finished: readonly { assignee_id: string | null; n: number }[],
): Promise<CaseStatistics['load']> {
  const ids = [...new Set([...open, ...finished].map((r) => r.assignee_id))];
  const named = ids.filter((id): id is string => id !== null);
  const users = named.length
    ? await db
        .selectFrom('users')
        .select(['id', 'firstname', 'surname'])
        .where('id', 'in', named)
        .execute()
    : [];
  const nameOf = new Map(users.map((u) => [u.id, userDisplayName(u)]));
  return ids
    .map((id) => ({
      assignee_id: id,
      name: id === null ? '' : (nameOf.get(id) ?? id),
      open: sum(open.filter((r) => r.assignee_id === id)),
      finished: sum(finished.filter((r) => r.assignee_id === id)),
    }))
    .sort((a, b) =>
      a.assignee_id === null
        ? 1
        : b.assignee_id === null
          ? -1
          : b.open - a.open || a.name.localeCompare(b.name, 'el'),
    );
}

function templateRows(
  catalog: TemplateCatalog,
  received: readonly { refname: string; n: number }[],
): CaseStatistics['templates'] {
  const refnames = [...new Set(received.map((r) => r.refname))];
  return refnames
    .map((refname) => ({
      refname,
      title: catalog.find(refname)?.shortname ?? { el: refname, en: refname, fr: refname },
      count: sum(received.filter((r) => r.refname === refname)),
    }))
    .sort((a, b) => b.count - a.count || a.refname.localeCompare(b.refname));
}
