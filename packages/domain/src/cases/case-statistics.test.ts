import { describe, expect, it } from 'vitest';
import {
  caseStatisticsQuerySchema,
  openAgeBucket,
  quantile,
  statisticsRange,
  weekStartOf,
  weeksOf,
} from './case-statistics';

describe('case statistics helpers', () => {
  it('puts an open case in its age bucket, the last one open-ended', () => {
    expect([0, 2, 3, 7, 8, 14, 15, 30, 31, 400].map(openAgeBucket)).toEqual([
      '0-2',
      '0-2',
      '3-7',
      '3-7',
      '8-14',
      '8-14',
      '15-30',
      '15-30',
      '31+',
      '31+',
    ]);
  });

  it('counts weeks from their Monday, across a year end', () => {
    expect(weekStartOf('2026-11-28')).toBe('2026-11-23'); // a Saturday
    expect(weekStartOf('2026-11-23')).toBe('2026-11-23'); // a Monday
    expect(weekStartOf('2027-01-03')).toBe('2026-12-28'); // a Sunday
    expect(weeksOf('2026-12-24', '2027-01-05')).toEqual(['2026-12-21', '2026-12-28', '2027-01-04']);
  });

  it('interpolates quantiles as percentile_cont does', () => {
    expect(quantile([], 0.5)).toBeNull();
    expect(quantile([4], 0.9)).toBe(4);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1);
  });

  it('fills a missing end of the range with the default length', () => {
    expect(statisticsRange({}, '2026-11-28')).toEqual({
      date_from: '2026-09-06',
      date_to: '2026-11-28',
    });
    expect(statisticsRange({ date_from: '2026-01-01' }, '2026-11-28')).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-03-25',
    });
    expect(statisticsRange({ date_to: '2026-03-25' }, '2026-11-28').date_from).toBe('2026-01-01');
  });

  it('refuses a reversed, an impossible or a too-wide range, and an odd template name', () => {
    const ok = (q: object) => caseStatisticsQuerySchema.safeParse(q).success;
    expect(
      ok({ date_from: '2026-01-01', date_to: '2026-12-31', template: 'solemn-declaration' }),
    ).toBe(true);
    expect(ok({ date_from: '2026-02-01', date_to: '2026-01-01' })).toBe(false);
    expect(ok({ date_from: '2026-02-30' })).toBe(false);
    expect(ok({ date_from: '2023-01-01', date_to: '2026-01-01' })).toBe(false);
    expect(ok({ template: "x' or 1=1" })).toBe(false);
  });
});
