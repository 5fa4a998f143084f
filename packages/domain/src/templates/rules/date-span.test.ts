import { describe, expect, it } from 'vitest';
import { dateSpan } from './date-span';

// 15/06/2024 13:00 in Athens.
const NOW = new Date('2024-06-15T10:00:00Z');
const context = { now: NOW };
const params = { from: 'start', to: 'end' };
const police = { from: 'start', to: 'end', max_months: 6, max_age_months: 6 };

function check(start: unknown, end: unknown, ruleParams: Record<string, unknown> = params) {
  return dateSpan({ start, end }, ruleParams, context);
}

describe('date_span', () => {
  it('accepts a period in the past shorter than a year', () => {
    expect(check('01/02/2024', '31/05/2024')).toEqual([]);
  });

  it('accepts a one-day period unless the template asks for two days', () => {
    expect(check('10/06/2024', '10/06/2024')).toEqual([]);
    expect(check('10/06/2024', '10/06/2024', { ...params, allow_same_day: false })).toEqual([
      { field: 'end', error: { code: 'date_span_order' } },
    ]);
  });

  it('refuses an end before the start, on the end field', () => {
    expect(check('10/06/2024', '09/06/2024')).toEqual([
      { field: 'end', error: { code: 'date_span_order' } },
    ]);
  });

  it('counts both ends: exactly one year is allowed, one day more is not', () => {
    expect(check('15/06/2023', '14/06/2024')).toEqual([]);
    expect(check('14/06/2023', '14/06/2024')).toEqual([
      { field: 'end', error: { code: 'date_span_max_months', params: { months: 12 } } },
    ]);
  });

  it('handles a period starting on a leap day', () => {
    // 29/02/2024 + 12 months is 28/02/2025: the last allowed day is 27/02/2025.
    const later = { now: new Date('2025-06-01T10:00:00Z') };
    expect(dateSpan({ start: '29/02/2024', end: '27/02/2025' }, params, later)).toEqual([]);
    expect(dateSpan({ start: '29/02/2024', end: '28/02/2025' }, params, later)).toEqual([
      { field: 'end', error: { code: 'date_span_max_months', params: { months: 12 } } },
    ]);
  });

  it('reads max_days instead of months when given', () => {
    const days = { ...params, max_days: 30 };
    expect(check('01/05/2024', '30/05/2024', days)).toEqual([]);
    expect(check('01/05/2024', '31/05/2024', days)).toEqual([
      { field: 'end', error: { code: 'date_span_max_days', params: { days: 30 } } },
    ]);
  });

  it('refuses future dates on each field; today is allowed', () => {
    expect(check('14/06/2024', '15/06/2024')).toEqual([]);
    expect(check('16/06/2024', '20/06/2024')).toEqual([
      { field: 'start', error: { code: 'date_future' } },
      { field: 'end', error: { code: 'date_future' } },
    ]);
    expect(check('01/06/2024', '16/06/2024')).toEqual([
      { field: 'end', error: { code: 'date_future' } },
    ]);
  });

  it('allows future dates when the template says so', () => {
    expect(check('16/06/2024', '20/06/2024', { ...params, allow_future: true })).toEqual([]);
  });

  it('takes today in Athens, not in UTC', () => {
    // 21:30 UTC on 14/06 is already 00:30 on 15/06 in Athens.
    const lateNight = { now: new Date('2024-06-14T21:30:00Z') };
    expect(dateSpan({ start: '01/06/2024', end: '15/06/2024' }, params, lateNight)).toEqual([]);
  });

  describe('police-service variant (at most 6 months, starting at most 6 months ago)', () => {
    it('accepts exactly six months, both ends counted', () => {
      expect(check('15/12/2023', '14/06/2024', police)).toEqual([]);
    });

    it('refuses six months and a day', () => {
      expect(check('15/12/2023', '15/06/2024', police)).toEqual([
        { field: 'end', error: { code: 'date_span_max_months', params: { months: 6 } } },
      ]);
    });

    it('accepts a start exactly six months ago and refuses one day earlier', () => {
      expect(check('15/12/2023', '20/12/2023', police)).toEqual([]);
      expect(check('14/12/2023', '20/12/2023', police)).toEqual([
        { field: 'start', error: { code: 'date_too_old', params: { months: 6 } } },
      ]);
    });

    it('counts six months back from the end of a month to its last day', () => {
      // 31/08/2024 minus 6 months is 29/02/2024 (leap year).
      const endOfAugust = { now: new Date('2024-08-31T10:00:00Z') };
      const run = (start: string) => dateSpan({ start, end: '01/03/2024' }, police, endOfAugust);
      expect(run('29/02/2024')).toEqual([]);
      expect(run('28/02/2024')).toEqual([
        { field: 'start', error: { code: 'date_too_old', params: { months: 6 } } },
      ]);
    });

    it('checks the start age even before the end is given', () => {
      expect(check('01/01/2023', '', police)).toEqual([
        { field: 'start', error: { code: 'date_too_old', params: { months: 6 } } },
      ]);
    });
  });

  it.each([
    ['both empty', '', ''],
    ['missing values', undefined, null],
    ['malformed dates', '2024-13-45', 'yesterday'],
    ['non-strings', 12, { day: 1 }],
    ['an impossible day', '31/04/2024', '01/05/2024'],
  ])('leaves %s to the field checks', (_, start, end) => {
    expect(check(start, end)).toEqual([]);
  });

  it('does nothing when its params do not name fields', () => {
    expect(dateSpan({ start: '10/06/2024', end: '01/06/2024' }, {}, context)).toEqual([]);
    expect(dateSpan({}, { from: 3, to: null }, context)).toEqual([]);
  });

  it('falls back to one year when max_months is not a number', () => {
    expect(check('14/06/2023', '14/06/2024', { ...params, max_months: 'six' })).toEqual([
      { field: 'end', error: { code: 'date_span_max_months', params: { months: 12 } } },
    ]);
  });
});
