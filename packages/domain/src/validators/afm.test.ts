import { describe, expect, it } from 'vitest';
import { isValidAfm, validateAfm } from './afm';

describe('isValidAfm', () => {
  it.each(['090000045', '094014201', '090153025'])('accepts the valid tax number %s', (afm) => {
    expect(isValidAfm(afm)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '123456789'],
    ['all zeros', '000000000'],
    ['letters', '09000004A'],
    ['8 digits', '09000004'],
    ['10 digits', '0900000450'],
    ['surrounding spaces', ' 090000045 '],
    ['the empty string', ''],
  ])('rejects %s', (_, afm) => {
    expect(isValidAfm(afm)).toBe(false);
  });

  it('rejects values that are not strings, since a number loses leading zeros', () => {
    expect(isValidAfm(90000045)).toBe(false);
    expect(isValidAfm(null)).toBe(false);
  });
});

describe('validateAfm', () => {
  it('returns null for a valid or empty value', () => {
    expect(validateAfm('094014201')).toBeNull();
    expect(validateAfm('')).toBeNull();
    expect(validateAfm(undefined)).toBeNull();
  });

  it('returns afm_invalid otherwise', () => {
    expect(validateAfm('094014202')).toEqual({ code: 'afm_invalid' });
  });
});
