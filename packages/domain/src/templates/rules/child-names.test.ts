import { describe, expect, it } from 'vitest';
import el from '../../i18n/el/validation.json';
import en from '../../i18n/en/validation.json';
import { childNames } from './child-names';

const context = { now: new Date('2024-06-15T10:00:00Z') };
const params = { first: 'n1', second: 'n2', third: 'n3', surname: 'surname' };
const codes = (values: Record<string, unknown>) =>
  childNames(values, params, context).map(({ field, error }) => `${field}:${error.code}`);

describe('child_names', () => {
  it('accepts one to three capitalised Greek names with one accent each, hyphenated or not', () => {
    expect(codes({ n1: 'Ελένη', surname: 'Παπαδάκη' })).toEqual([]);
    expect(codes({ n1: 'Άννα-Μαρία', n2: 'Ιωάννα', n3: 'Σοφία', surname: 'ΠΑΠΑΔΑΚΗ' })).toEqual([]);
    expect(codes({ n1: 'Άννα-μαρία' })).toEqual(['n1:child_name_capital']);
    expect(codes({ n1: 'Άννα-Μαρίά' })).toEqual(['n1:child_name_accent']);
    expect(codes({ n1: 'Γιώργος', n2: 'Άγγελος', surname: 'Παππάς' })).toEqual([]);
  });

  it('accepts Latin names when the surname is Latin', () => {
    expect(codes({ n1: 'John', n2: 'Peter', surname: 'Smith' })).toEqual([]);
  });

  it('refuses spaces, lower or upper case, two accents, on the field at fault', () => {
    expect(codes({ n1: 'Άννα Μαρία' })).toEqual(['n1:child_name_spaces']);
    expect(codes({ n1: 'ελένη' })).toEqual(['n1:child_name_capital']);
    expect(codes({ n1: 'ΕΛΕΝΗ' })).toEqual(['n1:child_name_capital']);
    expect(codes({ n1: 'Ελένη', n2: 'Μαρία', n3: 'Ιωάννά' })).toEqual(['n3:child_name_accent']);
  });

  it('refuses a name mixing scripts or in another script than the surname or first name', () => {
    expect(codes({ n1: 'Eλένη' })).toEqual(['n1:child_name_script']); // Latin E
    expect(codes({ n1: 'Eleni', surname: 'Παπαδάκη' })).toEqual(['n1:child_name_script']);
    expect(codes({ n1: 'Ελένη', n2: 'Maria' })).toEqual(['n2:child_name_script']);
    expect(codes({ n1: 'Ελένη2' })).toEqual(['n1:child_name_script']);
  });

  it('refuses a third name without a second', () => {
    expect(codes({ n1: 'Ελένη', n3: 'Μαρία' })).toEqual(['n3:child_name_third_without_second']);
    expect(codes({ n1: 'Ελένη', n2: '  ', n3: 'Μαρία' })).toEqual([
      'n3:child_name_third_without_second',
    ]);
  });

  it('leaves empty names to the required check and ignores params that name nothing', () => {
    expect(codes({})).toEqual([]);
    expect(childNames({ n1: 'άννα' }, {}, context)).toEqual([]);
  });

  it('speaks Greek and English', () => {
    expect(el.child_name_spaces).toContain('κενά');
    expect(el.child_name_third_without_second).toBe(
      'Δεν μπορείτε να δηλώσετε τρίτο όνομα χωρίς δεύτερο',
    );
    expect(en.child_name_accent).toBe('A name can have at most one accent');
  });
});
