import { describe, expect, it } from 'vitest';
import { birthYearMonth, registryAge } from './birth-year-month';

const now = new Date('2026-11-28T10:00:00Z');
const params = { year: 'y', month: 'm' };

describe('birth_year_month', () => {
  it('accepts a real year and month, not in the future', () => {
    expect(birthYearMonth({ y: '1980', m: '1' }, params, { now })).toEqual([]);
    expect(birthYearMonth({ y: '2026', m: '11' }, params, { now })).toEqual([]);
  });

  it('refuses a year out of range or not four digits, a month out of range or to come', () => {
    expect(birthYearMonth({ y: '1899', m: '13' }, params, { now })).toEqual([
      { field: 'y', error: { code: 'birth_year_invalid' } },
      { field: 'm', error: { code: 'birth_month_invalid' } },
    ]);
    expect(birthYearMonth({ y: '80', m: '0' }, params, { now })).toHaveLength(2);
    expect(birthYearMonth({ y: '2027', m: '1' }, params, { now })).toEqual([
      { field: 'y', error: { code: 'birth_year_invalid' } },
    ]);
    expect(birthYearMonth({ y: '2026', m: '12' }, params, { now })).toEqual([
      { field: 'm', error: { code: 'birth_month_invalid' } },
    ]);
  });

  it('leaves empty fields to the required check', () => {
    expect(birthYearMonth({}, params, { now })).toEqual([]);
  });
});

describe('registry_age', () => {
  it('has nothing to check in the form: the server reads the registry', () => {
    expect(registryAge({}, { field: 'x', min: 18 }, { now })).toEqual([]);
  });
});
