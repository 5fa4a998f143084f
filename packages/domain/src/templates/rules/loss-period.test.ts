import { describe, expect, it } from 'vitest';
import { lossPeriod } from './loss-period';

// 15/06/2024 13:00 in Athens.
const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { from: 'lost_from', to: 'lost_to' };

function check(lost_from: unknown, lost_to: unknown) {
  return lossPeriod({ lost_from, lost_to }, params, context);
}

describe('loss_period', () => {
  it('accepts a period in the past, the same day, or today', () => {
    expect(check('01/06/2024', '10/06/2024')).toEqual([]);
    expect(check('10/06/2024', '10/06/2024')).toEqual([]);
    expect(check('15/06/2024', '15/06/2024')).toEqual([]);
  });

  it('accepts a single "from" date without "to"', () => {
    expect(check('01/06/2024', '')).toEqual([]);
  });

  it('accepts nothing at all (whether the dates are required is the fields’ business)', () => {
    expect(check('', '')).toEqual([]);
    expect(check(undefined, undefined)).toEqual([]);
  });

  it('refuses "to" before "from", on the "to" field', () => {
    expect(check('10/06/2024', '09/06/2024')).toEqual([
      { field: 'lost_to', error: { code: 'loss_period_order' } },
    ]);
  });

  it('refuses future dates', () => {
    expect(check('16/06/2024', '')).toEqual([
      { field: 'lost_from', error: { code: 'date_future' } },
    ]);
    expect(check('10/06/2024', '16/06/2024')).toEqual([
      { field: 'lost_to', error: { code: 'date_future' } },
    ]);
  });

  it('reports a future "to" rather than an order problem', () => {
    expect(check('20/06/2024', '17/06/2024')).toEqual([
      { field: 'lost_from', error: { code: 'date_future' } },
      { field: 'lost_to', error: { code: 'date_future' } },
    ]);
  });

  it('asks for "from" when "to" is given', () => {
    expect(check('', '10/06/2024')).toEqual([
      { field: 'lost_from', error: { code: 'loss_period_from_required' } },
    ]);
    expect(check('   ', '10/06/2024')).toEqual([
      { field: 'lost_from', error: { code: 'loss_period_from_required' } },
    ]);
  });

  it('takes a leap day as a real day', () => {
    expect(check('28/02/2024', '29/02/2024')).toEqual([]);
    expect(check('01/03/2024', '29/02/2024')).toEqual([
      { field: 'lost_to', error: { code: 'loss_period_order' } },
    ]);
  });

  it('ignores malformed dates and garbage without throwing', () => {
    expect(check('32/01/2024', '10/06/2024')).toEqual([]);
    expect(check(42, ['x'])).toEqual([]);
    expect(lossPeriod({}, {}, context)).toEqual([]);
  });
});
