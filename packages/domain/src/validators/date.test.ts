import { describe, expect, it } from 'vitest';
import {
  athensToday,
  formatGreekDate,
  parseGreekDate,
  parseGreekDateTime,
  validateDate,
  validateDateTime,
} from './date';

// 15/06/2024 13:00 in Athens (UTC+3 in summer).
const NOW = new Date('2024-06-15T10:00:00Z');

describe('parseGreekDate', () => {
  it('parses a real DD/MM/YYYY date', () => {
    expect(parseGreekDate('29/02/2024')).toEqual({ day: 29, month: 2, year: 2024 });
    expect(parseGreekDate('31/12/1999')).toEqual({ day: 31, month: 12, year: 1999 });
    expect(parseGreekDate('29/02/2000')).not.toBeNull();
  });

  it.each([
    ['29 February of a common year', '29/02/2023'],
    ['29 February of a century not divisible by 400', '29/02/1900'],
    ['31 April', '31/04/2024'],
    ['day 0', '00/01/2024'],
    ['month 13', '01/13/2024'],
    ['one-digit day and month', '1/2/2024'],
    ['a two-digit year', '01/02/24'],
    ['ISO format', '2024-02-01'],
    ['dashes', '01-02-2024'],
    ['trailing text', '01/02/2024 10:00'],
    ['year 0', '01/01/0000'],
    ['the empty string', ''],
  ])('rejects %s', (_, value) => {
    expect(parseGreekDate(value)).toBeNull();
  });
});

describe('parseGreekDateTime', () => {
  it('parses DD/MM/YYYY HH:mm', () => {
    expect(parseGreekDateTime('29/02/2024 23:59')).toEqual({
      day: 29,
      month: 2,
      year: 2024,
      hour: 23,
      minute: 59,
    });
  });

  it.each([
    '29/02/2023 10:00',
    '01/02/2024 24:00',
    '01/02/2024 10:60',
    '01/02/2024 9:05',
    '01/02/2024',
    '01/02/2024 10:00:00',
  ])('rejects %s', (value) => {
    expect(parseGreekDateTime(value)).toBeNull();
  });
});

describe('athensToday', () => {
  it('uses the calendar day in Greece, not in UTC', () => {
    expect(athensToday(new Date('2024-06-14T22:30:00Z'))).toEqual({
      day: 15,
      month: 6,
      year: 2024,
    });
    expect(athensToday(new Date('2024-12-31T21:59:00Z'))).toEqual({
      day: 31,
      month: 12,
      year: 2024,
    });
    expect(athensToday(new Date('2024-12-31T22:00:00Z'))).toEqual({ day: 1, month: 1, year: 2025 });
  });
});

describe('formatGreekDate', () => {
  it('pads day and month', () => {
    expect(formatGreekDate({ day: 1, month: 2, year: 2024 })).toBe('01/02/2024');
  });
});

describe('validateDate', () => {
  it('returns null for a valid or empty date', () => {
    expect(validateDate('29/02/2024')).toBeNull();
    expect(validateDate('')).toBeNull();
  });

  it('returns date_invalid for a malformed or unreal date', () => {
    expect(validateDate('29/02/2023')).toEqual({ code: 'date_invalid' });
    expect(validateDate('1/2/2024')).toEqual({ code: 'date_invalid' });
  });

  it('checks fixed bounds, inclusive', () => {
    const bounds = { min: '01/01/2024', max: '31/12/2024' };
    expect(validateDate('01/01/2024', bounds)).toBeNull();
    expect(validateDate('31/12/2024', bounds)).toBeNull();
    expect(validateDate('31/12/2023', bounds)).toEqual({
      code: 'date_earlier',
      params: { min: '01/01/2024' },
    });
    expect(validateDate('01/01/2025', bounds)).toEqual({
      code: 'date_later',
      params: { max: '31/12/2024' },
    });
  });

  it('resolves "now" to today in Athens from the given instant', () => {
    expect(validateDate('15/06/2024', { max: 'now', now: NOW })).toBeNull();
    expect(validateDate('16/06/2024', { max: 'now', now: NOW })).toEqual({
      code: 'date_later',
      params: { max: '15/06/2024' },
    });
    expect(validateDate('15/06/2024', { min: 'now', now: NOW })).toBeNull();
    expect(validateDate('14/06/2024', { min: 'now', now: NOW })).toEqual({
      code: 'date_earlier',
      params: { min: '15/06/2024' },
    });
  });

  it('takes "now" just after midnight in Athens as the new day', () => {
    const justAfterMidnight = new Date('2024-06-14T21:30:00Z');
    expect(validateDate('15/06/2024', { max: 'now', now: justAfterMidnight })).toBeNull();
  });

  it('ignores a malformed bound', () => {
    expect(validateDate('01/01/2024', { min: '2025-01-01' })).toBeNull();
  });
});

describe('validateDateTime', () => {
  it('returns null when valid or empty, datetime_invalid otherwise', () => {
    expect(validateDateTime('15/06/2024 09:30')).toBeNull();
    expect(validateDateTime('')).toBeNull();
    expect(validateDateTime('15/06/2024 9:30')).toEqual({ code: 'datetime_invalid' });
  });
});
