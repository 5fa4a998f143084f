import { isEmptyValue, validationError, type ValidationError } from './validation-error';

export type GreekDate = { day: number; month: number; year: number };
export type GreekDateTime = GreekDate & { hour: number; minute: number };

/** The word a template uses for "today" in a date bound. */
export const DATE_BOUND_NOW = 'now';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(month: number, year: number): number {
  return month === 2 && isLeapYear(year) ? 29 : (DAYS_IN_MONTH[month - 1] ?? 0);
}

function toGreekDate(day: string, month: string, year: string): GreekDate | null {
  const date = { day: Number(day), month: Number(month), year: Number(year) };
  if (date.year < 1 || date.month < 1 || date.month > 12) return null;
  if (date.day < 1 || date.day > daysInMonth(date.month, date.year)) return null;
  return date;
}

/** Strict DD/MM/YYYY (two-digit day and month, four-digit year) that names a real calendar day. */
export function parseGreekDate(value: string): GreekDate | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
  if (!match) return null;
  const [, day = '', month = '', year = ''] = match;
  return toGreekDate(day, month, year);
}

/** Strict DD/MM/YYYY HH:mm, 24-hour clock. */
export function parseGreekDateTime(value: string): GreekDateTime | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, day = '', month = '', year = '', hour = '', minute = ''] = match;
  const date = toGreekDate(day, month, year);
  const time = { hour: Number(hour), minute: Number(minute) };
  if (!date || time.hour > 23 || time.minute > 59) return null;
  return { ...date, ...time };
}

export function formatGreekDate({ day, month, year }: GreekDate): string {
  return `${String(day).padStart(2, '0')}/${String(month).padStart(2, '0')}/${String(year).padStart(4, '0')}`;
}

const athensDateFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Athens',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Greece at the given instant, whatever the server's or browser's time zone. */
export function athensToday(now: Date): GreekDate {
  const parts = athensDateFormat.formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value);
  return { day: part('day'), month: part('month'), year: part('year') };
}

function dayNumber({ day, month, year }: GreekDate): number {
  return year * 10_000 + month * 100 + day;
}

export type DateBoundsOptions = {
  /** 'DD/MM/YYYY' or 'now'. */
  min?: string;
  /** 'DD/MM/YYYY' or 'now'. */
  max?: string;
  /** The current instant; injected so callers and tests control "today". */
  now?: Date;
};

function resolveBound(bound: string | undefined, now: Date): GreekDate | null {
  if (bound === undefined) return null;
  // A malformed bound is a template mistake: ignore it rather than block the citizen.
  return bound === DATE_BOUND_NOW ? athensToday(now) : parseGreekDate(bound);
}

export function validateDate(
  value: unknown,
  options: DateBoundsOptions = {},
): ValidationError | null {
  if (isEmptyValue(value)) return null;
  const date = typeof value === 'string' ? parseGreekDate(value) : null;
  if (!date) return validationError('date_invalid');
  const now = options.now ?? new Date();
  const min = resolveBound(options.min, now);
  if (min && dayNumber(date) < dayNumber(min)) {
    return validationError('date_earlier', { min: formatGreekDate(min) });
  }
  const max = resolveBound(options.max, now);
  if (max && dayNumber(date) > dayNumber(max)) {
    return validationError('date_later', { max: formatGreekDate(max) });
  }
  return null;
}

export function validateDateTime(value: unknown): ValidationError | null {
  if (isEmptyValue(value)) return null;
  const dateTime = typeof value === 'string' ? parseGreekDateTime(value) : null;
  return dateTime ? null : validationError('datetime_invalid');
}
