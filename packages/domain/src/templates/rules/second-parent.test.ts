import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { secondParent } from './second-parent';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { firstname: 'p_first', surname: 'p_last', afm: 'p_afm', own_afm: 'afm' };
const run = (values: Record<string, unknown>) => secondParent(values, params, context);

describe('second_parent', () => {
  it('accepts no second parent, or one given in full with their own tax number', () => {
    expect(run({ afm: '090000045' })).toEqual([]);
    expect(
      run({ afm: '090000045', p_first: 'Νίκος', p_last: 'Παππάς', p_afm: '100000015' }),
    ).toEqual([]);
  });

  it('asks for every missing field once one is filled', () => {
    expect(run({ p_first: 'Νίκος' })).toEqual([
      { field: 'p_last', error: { code: 'second_parent_incomplete' } },
      { field: 'p_afm', error: { code: 'second_parent_incomplete' } },
    ]);
  });

  it("refuses the declarant's own tax number", () => {
    expect(
      run({ afm: '100000015', p_first: 'Νίκος', p_last: 'Παππάς', p_afm: '100000015' }),
    ).toEqual([{ field: 'p_afm', error: { code: 'second_parent_afm_own' } }]);
    expect(el.second_parent_incomplete).toBe('Συμπληρώστε όλα τα στοιχεία του δεύτερου γονέα');
  });
});
