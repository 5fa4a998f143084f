import { z } from 'zod';
import { CASE_STATUSES, type CaseStatus } from '../state-machines/machines';
import { localizedTextSchema } from '../templates/template-schema';
import { parseGreekDate } from '../validators/date';

/**
 * An entity's statistics (issue #41; our extension, docs/api.md): what a head reads at a glance,
 * per entity, narrowed by template and by a range of days. One source for the server's answer and
 * the web's page.
 */

/** A case is open while incoming or pending; finished and canceled close it (`closed_at`). */
export const OPEN_CASE_STATUSES = ['incoming', 'pending'] as const satisfies readonly CaseStatus[];
export const CLOSED_CASE_STATUSES = [
  'finished',
  'canceled',
] as const satisfies readonly CaseStatus[];

export function isOpenCaseStatus(status: CaseStatus): boolean {
  return (OPEN_CASE_STATUSES as readonly CaseStatus[]).includes(status);
}

/** Without dates, the statistics cover the last 12 weeks up to today. */
export const STATISTICS_DEFAULT_DAYS = 84;
/** A range covers at most about two years (a wider one is a 400, not a slow query). */
export const STATISTICS_MAX_DAYS = 731;

/** The ages (whole days since arrival) by which open cases are counted. */
export const OPEN_AGE_BUCKETS = [
  { key: '0-2', min: 0, max: 2 },
  { key: '3-7', min: 3, max: 7 },
  { key: '8-14', min: 8, max: 14 },
  { key: '15-30', min: 15, max: 30 },
  { key: '31+', min: 31, max: null },
] as const;
export type OpenAgeBucket = (typeof OPEN_AGE_BUCKETS)[number]['key'];

/** The bucket of an open case `ageDays` old. */
export function openAgeBucket(ageDays: number): OpenAgeBucket {
  const days = Math.max(0, Math.floor(ageDays));
  const bucket = OPEN_AGE_BUCKETS.find((b) => b.max === null || days <= b.max);
  return (bucket ?? OPEN_AGE_BUCKETS[OPEN_AGE_BUCKETS.length - 1]!).key;
}

const DAY_MS = 86_400_000;

/** Whole days between two YYYY-MM-DD days (`to` − `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** The day `days` after (or before, if negative) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The Monday of the ISO week that holds a YYYY-MM-DD day. */
export function weekStartOf(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Every week (its Monday) that meets the range, oldest first. */
export function weeksOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let week = weekStartOf(from); week <= to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

/** The `q`-quantile (0..1) of sorted numbers, interpolated as PostgreSQL's percentile_cont. */
export function quantile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  const position = (sorted.length - 1) * q;
  const below = Math.floor(position);
  const above = Math.ceil(position);
  const low = sorted[below]!;
  return low + (sorted[above]! - low) * (position - below);
}

const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (day) => parseGreekDate(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`) !== null,
  );

/** GET /api/entity/{e}/statistics query. Days are YYYY-MM-DD, Athens days, both included. */
export const caseStatisticsQuerySchema = z
  .object({
    date_from: calendarDay.optional(),
    date_to: calendarDay.optional(),
    /** A template's refname: only its cases. */
    template: z
      .string()
      .max(100)
      .regex(/^[a-z0-9][a-z0-9-]*$/)
      .optional(),
  })
  .refine((q) => !q.date_from || !q.date_to || q.date_from <= q.date_to, {
    path: ['date_to'],
    message: 'date_to is before date_from',
  })
  .refine(
    (q) => !q.date_from || !q.date_to || daysBetween(q.date_from, q.date_to) < STATISTICS_MAX_DAYS,
    { path: ['date_from'], message: `at most ${STATISTICS_MAX_DAYS} days` },
  );
export type CaseStatisticsQuery = z.infer<typeof caseStatisticsQuerySchema>;

/**
 * The range a query covers: both days given, or the one given and the default length, or the
 * last STATISTICS_DEFAULT_DAYS up to `today`.
 */
export function statisticsRange(
  query: Pick<CaseStatisticsQuery, 'date_from' | 'date_to'>,
  today: string,
): { date_from: string; date_to: string } {
  const span = STATISTICS_DEFAULT_DAYS - 1;
  if (query.date_from && query.date_to)
    return { date_from: query.date_from, date_to: query.date_to };
  if (query.date_from)
    return { date_from: query.date_from, date_to: addDays(query.date_from, span) };
  const to = query.date_to ?? today;
  return { date_from: addDays(to, -span), date_to: to };
}

const count = z.number().int().min(0);

export const caseStatisticsSchema = z.object({
  data: z.object({
    range: z.object({ date_from: z.string(), date_to: z.string() }),
    template: z.string().nullable(),
    /** Received (arrived in the range) and finished (closed as finished in the range) per week. */
    weeks: z.array(z.object({ week: z.string(), received: count, finished: count })),
    /** Days from arrival to finish, of the cases finished in the range. */
    time_to_finish: z.object({
      count,
      median_days: z.number().nullable(),
      p90_days: z.number().nullable(),
    }),
    /** The cases open now (whatever the range), by age, and how many of them are overdue. */
    open: z.object({
      total: count,
      overdue: count,
      buckets: z.array(
        z.object({ bucket: z.enum(OPEN_AGE_BUCKETS.map((b) => b.key)), count, overdue: count }),
      ),
    }),
    /** Per assignee (null: nobody yet): cases open now, and cases finished in the range. */
    load: z.array(
      z.object({
        assignee_id: z.string().nullable(),
        name: z.string(),
        open: count,
        finished: count,
      }),
    ),
    /** The cases that arrived in the range, by their status now. */
    statuses: z.array(z.object({ status: z.enum(CASE_STATUSES), count })),
    /** The templates of the entity's cases that arrived in the range (the filter's choices). */
    templates: z.array(z.object({ refname: z.string(), title: localizedTextSchema, count })),
  }),
});
export type CaseStatistics = z.infer<typeof caseStatisticsSchema>['data'];
