import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import fr from '../../i18n/fr/validation.json';
import { namePrefix } from './name-prefix';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const run = (value: unknown, length?: number) =>
  namePrefix({ p: value }, { field: 'p', ...(length ? { length } : {}) }, context);
const error = (length: number) => [
  { field: 'p', error: { code: 'name_prefix_invalid', params: { length } } },
];

describe('name_prefix', () => {
  it('accepts exactly three letters, Greek or Latin, accented or not', () => {
    expect(run('ΠΑΠ')).toEqual([]);
    expect(run('Παπ')).toEqual([]);
    expect(run('SMI')).toEqual([]);
    expect(run('Ελέ')).toEqual([]);
  });

  it('refuses fewer, more or other characters', () => {
    expect(run('ΠΑ')).toEqual(error(3));
    expect(run('ΠΑΠΑ')).toEqual(error(3));
    expect(run('Π-Α')).toEqual(error(3));
    expect(run('12Α')).toEqual(error(3));
    expect(run('ΠΑΠΑ', 4)).toEqual([]);
  });

  it('leaves an empty value to the required check', () => {
    expect(run('')).toEqual([]);
    expect(el.name_prefix_invalid.replace('{{length}}', '3')).toBe(
      'Συμπληρώστε ακριβώς τα 3 πρώτα γράμματα',
    );
    expect(fr.name_prefix_invalid).toContain('{{length}}');
  });
});
