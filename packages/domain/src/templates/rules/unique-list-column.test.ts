import { describe, expect, it } from 'vitest';
import { uniqueListColumn } from './unique-list-column';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { list: 'cosigners', column: 'afm', self_field: 'afm' };
const OWN = '100000015';

function check(
  cosigners: unknown,
  afm: unknown = OWN,
  ruleParams: Record<string, unknown> = params,
) {
  return uniqueListColumn({ afm, cosigners }, ruleParams, context);
}

describe('unique_list_column', () => {
  it('accepts distinct tax numbers that are not the declarant’s', () => {
    expect(check([{ afm: '100000027' }, { afm: '100000039' }])).toEqual([]);
  });

  it('refuses the declarant’s own tax number in a row', () => {
    expect(check([{ afm: '100000027' }, { afm: OWN }])).toEqual([
      { field: 'cosigners.1.afm', error: { code: 'list_value_is_self' } },
    ]);
  });

  it('compares trimmed values', () => {
    expect(check([{ afm: ` ${OWN} ` }], ` ${OWN}`)).toEqual([
      { field: 'cosigners.0.afm', error: { code: 'list_value_is_self' } },
    ]);
  });

  it('refuses a repeated value on every repetition after the first', () => {
    expect(
      check([
        { afm: '100000027' },
        { afm: '100000039' },
        { afm: '100000027' },
        { afm: '100000027' },
      ]),
    ).toEqual([
      { field: 'cosigners.2.afm', error: { code: 'list_duplicate' } },
      { field: 'cosigners.3.afm', error: { code: 'list_duplicate' } },
    ]);
  });

  it('works without self_field, and when the declarant’s value is missing', () => {
    const rows = [{ afm: OWN }, { afm: OWN }];
    const expected = [{ field: 'cosigners.1.afm', error: { code: 'list_duplicate' } }];
    expect(check(rows, OWN, { list: 'cosigners', column: 'afm' })).toEqual(expected);
    expect(check(rows, null)).toEqual(expected);
  });

  it('skips empty cells and rows that are not objects', () => {
    expect(check([{ afm: '' }, { afm: '' }, null, 'x', ['100000027'], {}])).toEqual([]);
  });

  it('ignores a value that is not a list', () => {
    expect(check('100000027')).toEqual([]);
    expect(check(undefined)).toEqual([]);
    expect(uniqueListColumn({}, {}, context)).toEqual([]);
  });
});
