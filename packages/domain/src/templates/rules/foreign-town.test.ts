import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import { foreignTown } from './foreign-town';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const run = (values: Record<string, unknown>, home?: string) =>
  foreignTown(values, { country: 'country', town: 'town', ...(home ? { home } : {}) }, context);

describe('foreign_town', () => {
  it('wants the town empty for Greece and given for another country', () => {
    expect(run({ country: 'GR' })).toEqual([]);
    expect(run({ country: 'DE', town: 'Μόναχο' })).toEqual([]);
    expect(run({ country: 'GR', town: 'Μόναχο' })).toEqual([
      { field: 'town', error: { code: 'foreign_town_not_allowed' } },
    ]);
    expect(run({ country: 'DE', town: ' ' })).toEqual([
      { field: 'town', error: { code: 'foreign_town_required' } },
    ]);
  });

  it('reads the value for Greece from its params and waits for a country', () => {
    expect(run({ country: 'greece', town: 'Μόναχο' }, 'greece')).toHaveLength(1);
    expect(run({ town: 'Μόναχο' })).toEqual([]);
    expect(el.foreign_town_required).toBe(
      'Συμπληρώστε την πόλη του εξωτερικού όπου έγινε η βάπτιση',
    );
  });
});
