import { describe, expect, it } from 'vitest';
import { hasValidLuhnCheckDigit, isValidAmka, validateAmka } from './amka';

describe('hasValidLuhnCheckDigit', () => {
  it('follows the Luhn algorithm', () => {
    expect(hasValidLuhnCheckDigit('79927398713')).toBe(true);
    expect(hasValidLuhnCheckDigit('79927398710')).toBe(false);
  });
});

describe('isValidAmka', () => {
  // Birth date DDMMYY, four more digits, Luhn check digit computed by hand.
  it.each(['01018000016', '15058512342', '31129900457'])('accepts %s', (amka) => {
    expect(isValidAmka(amka)).toBe(true);
  });

  it.each([
    ['a wrong check digit', '01018000017'],
    ['all zeros, although their Luhn sum is 0', '00000000000'],
    ['10 digits', '0101800001'],
    ['12 digits', '010180000160'],
    ['letters', '0101800001A'],
    ['the empty string', ''],
  ])('rejects %s', (_, amka) => {
    expect(isValidAmka(amka)).toBe(false);
  });
});

describe('validateAmka', () => {
  it('returns null when valid or empty, amka_invalid otherwise', () => {
    expect(validateAmka('15058512342')).toBeNull();
    expect(validateAmka('')).toBeNull();
    expect(validateAmka('15058512343')).toEqual({ code: 'amka_invalid' });
  });
});
