import { describe, expect, it } from 'vitest';
import { isValidPostalCode, validatePostalCode } from './postal-code';

describe('isValidPostalCode', () => {
  it.each(['10557', '54624', '85100', '26221'])('accepts %s', (code) => {
    expect(isValidPostalCode(code)).toBe(true);
  });

  it.each(['01234', '91234', '9999', '105570', '105 57', '1055a', ''])('rejects "%s"', (code) => {
    expect(isValidPostalCode(code)).toBe(false);
  });
});

describe('validatePostalCode', () => {
  it('returns null when valid or empty, postal_code_invalid otherwise', () => {
    expect(validatePostalCode('10557')).toBeNull();
    expect(validatePostalCode('')).toBeNull();
    expect(validatePostalCode('00000')).toEqual({ code: 'postal_code_invalid' });
  });
});
