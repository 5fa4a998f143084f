import { describe, expect, it } from 'vitest';
import { minAge } from './min-age';

// 15/06/2024 13:00 in Athens.
const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { field: 'birth_date', min: 18 };
const tooYoung = [{ field: 'birth_date', error: { code: 'age_too_low', params: { min: 18 } } }];

function check(birth_date: unknown, now = context) {
  return minAge({ birth_date }, params, now);
}

describe('min_age', () => {
  it('accepts someone who turns 18 today', () => {
    expect(check('15/06/2006')).toEqual([]);
  });

  it('refuses someone who turns 18 tomorrow', () => {
    expect(check('16/06/2006')).toEqual(tooYoung);
  });

  it('accepts older people and refuses a child', () => {
    expect(check('01/01/1980')).toEqual([]);
    expect(check('01/01/2015')).toEqual(tooYoung);
  });

  it('reads the registry’s ISO dates too', () => {
    expect(check('1980-01-01')).toEqual([]);
    expect(check('2006-06-16')).toEqual(tooYoung);
  });

  it('lets someone born on 29 February come of age on 1 March of a common year', () => {
    const on28Feb = { now: new Date('2026-02-28T10:00:00Z') };
    const on1Mar = { now: new Date('2026-03-01T10:00:00Z') };
    expect(check('29/02/2008', on28Feb)).toEqual(tooYoung);
    expect(check('29/02/2008', on1Mar)).toEqual([]);
  });

  it('and on 29 February itself in a leap year', () => {
    const leapDay = { now: new Date('2024-02-29T10:00:00Z') };
    expect(check('29/02/2006', leapDay)).toEqual([]);
  });

  it('takes the birthday by the Athens calendar day', () => {
    // 21:30 UTC on 14/06 is 00:30 on 15/06 in Athens: the 18th birthday has come.
    expect(check('15/06/2006', { now: new Date('2024-06-14T21:30:00Z') })).toEqual([]);
  });

  it('ignores empty, malformed or garbage values', () => {
    expect(check('')).toEqual([]);
    expect(check('31/02/2010')).toEqual([]);
    expect(check(20060615)).toEqual([]);
    expect(minAge({ birth_date: '01/01/2015' }, { field: 'birth_date' }, context)).toEqual([]);
  });
});
