/**
 * How long ago something happened, as the spec's age labels say it (section 9: just now,
 * minutes, hours, days, months of 31 days, years of 365 days). The unit is the largest that
 * fits; the count is whole (floored). A time in the future (clocks a little apart) is "just now".
 */
export const AGE_UNITS = ['now', 'minutes', 'hours', 'days', 'months', 'years'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];
export type Age = { unit: AgeUnit; count: number };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The spec's month and year, for ages: 31 and 365 days. */
export const AGE_MONTH_DAYS = 31;
export const AGE_YEAR_DAYS = 365;

export function ageOf(since: Date, now: Date): Age {
  const elapsed = now.getTime() - since.getTime();
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return { unit: 'now', count: 0 };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  const days = Math.floor(elapsed / DAY);
  if (days < AGE_MONTH_DAYS) return { unit: 'days', count: days };
  if (days < AGE_YEAR_DAYS) return { unit: 'months', count: Math.floor(days / AGE_MONTH_DAYS) };
  return { unit: 'years', count: Math.floor(days / AGE_YEAR_DAYS) };
}
