import { athensToday, parseGreekDate, type GreekDate } from '../../validators/date';
import type { RuleError } from './index';

/**
 * What the rules share: reading their params and the values they name without trusting either.
 * A rule never throws on a missing or malformed value; the field's own check reports that.
 */

/** A param that names a field (or any other text); undefined when absent or not a string. */
export function stringParam(params: Record<string, unknown>, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A numeric param; the fallback when absent, not a number or not positive. */
export function numberParam(
  params: Record<string, unknown>,
  name: string,
  fallback?: number,
): number | undefined {
  const value = params[name];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** A trimmed, non-empty text value; undefined for anything else. */
export function textValue(
  values: Record<string, unknown>,
  key: string | undefined,
): string | undefined {
  if (key === undefined) return undefined;
  const value = values[key];
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** DD/MM/YYYY as typed, or YYYY-MM-DD as the person registry gives it; null otherwise. */
export function dateValue(
  values: Record<string, unknown>,
  key: string | undefined,
): GreekDate | null {
  const text = textValue(values, key);
  if (text === undefined) return null;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  return iso ? parseGreekDate(`${iso[3]}/${iso[2]}/${iso[1]}`) : parseGreekDate(text);
}

/** Days since 1 January 1970 of a calendar day, for differences between days. */
export function dayIndex({ day, month, year }: GreekDate): number {
  return Date.UTC(year, month - 1, day) / 86_400_000;
}

/** The Athens calendar day of `now`, as a day index. */
export function todayIndex(now: Date): number {
  return dayIndex(athensToday(now));
}

function daysInMonth(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The same day `months` later (or earlier when negative); a day the target month lacks becomes
 * its last day, as the Civil Code counts periods in months (31/08 minus 6 months is 28 or 29/02).
 */
export function addMonths(date: GreekDate, months: number): GreekDate {
  const total = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(month, year)) };
}

export function ruleError(
  field: string,
  code: string,
  params?: Record<string, string | number>,
): RuleError {
  return { field, error: params ? { code, params } : { code } };
}
