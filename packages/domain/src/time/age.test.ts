import { describe, expect, it } from 'vitest';
import { ageOf } from './age';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const ago = (ms: number) => ageOf(new Date(NOW.getTime() - ms), NOW);
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('ageOf (spec section 9, age labels)', () => {
  it('under a minute, and a time a little in the future, is just now', () => {
    expect(ago(0)).toEqual({ unit: 'now', count: 0 });
    expect(ago(59_999)).toEqual({ unit: 'now', count: 0 });
    expect(ago(-5_000)).toEqual({ unit: 'now', count: 0 });
  });

  it('counts whole minutes, then hours, then days', () => {
    expect(ago(MIN)).toEqual({ unit: 'minutes', count: 1 });
    expect(ago(59 * MIN + 59_000)).toEqual({ unit: 'minutes', count: 59 });
    expect(ago(HOUR)).toEqual({ unit: 'hours', count: 1 });
    expect(ago(23 * HOUR + 59 * MIN)).toEqual({ unit: 'hours', count: 23 });
    expect(ago(DAY)).toEqual({ unit: 'days', count: 1 });
    expect(ago(30 * DAY + 23 * HOUR)).toEqual({ unit: 'days', count: 30 });
  });

  it('a month is 31 days and a year 365', () => {
    expect(ago(31 * DAY)).toEqual({ unit: 'months', count: 1 });
    expect(ago(61 * DAY)).toEqual({ unit: 'months', count: 1 });
    expect(ago(62 * DAY)).toEqual({ unit: 'months', count: 2 });
    expect(ago(364 * DAY)).toEqual({ unit: 'months', count: 11 });
    expect(ago(365 * DAY)).toEqual({ unit: 'years', count: 1 });
    expect(ago(3 * 365 * DAY + 10 * DAY)).toEqual({ unit: 'years', count: 3 });
  });

  it('an invalid date is just now, never NaN', () => {
    expect(ageOf(new Date('not a date'), NOW)).toEqual({ unit: 'now', count: 0 });
  });
});
