import { describe, expect, it } from 'vitest';
import { hasValidIbanChecksum, isValidIban, normalizeIban, validateIban } from './iban';

const GR_IBAN = 'GR1601101250000000012300695';

describe('normalizeIban', () => {
  it('removes spaces and dashes and upper-cases', () => {
    expect(normalizeIban('gr16 0110-1250 0000 0001 2300 695')).toBe(GR_IBAN);
  });
});

describe('hasValidIbanChecksum', () => {
  it('applies ISO 13616 mod 97', () => {
    expect(hasValidIbanChecksum(GR_IBAN)).toBe(true);
    expect(hasValidIbanChecksum('GB82WEST12345698765432')).toBe(true);
    expect(hasValidIbanChecksum('GB82WEST12345698765433')).toBe(false);
  });
});

describe('isValidIban', () => {
  it('accepts a Greek IBAN, also typed with spaces, dashes or in lower case', () => {
    expect(isValidIban(GR_IBAN)).toBe(true);
    expect(isValidIban('GR16 0110 1250 0000 0001 2300 695')).toBe(true);
    expect(isValidIban('gr16-0110-1250-0000-0001-2300-695')).toBe(true);
  });

  it('accepts the 25-digit form without the GR prefix', () => {
    expect(isValidIban('1601101250000000012300695')).toBe(true);
    expect(isValidIban('16 0110 1250 0000 0001 2300 695')).toBe(true);
  });

  it.each([
    ['one digit changed', 'GR1601101250000000012300696'],
    ['two digits swapped', 'GR1601101250000000012300659'],
    ['26 characters', 'GR160110125000000001230069'],
    ['28 characters', 'GR16011012500000000123006950'],
    ['the 25-digit form with one digit changed', '1601101250000000012300696'],
    ['24 digits', '160110125000000001230069'],
    ['another country', 'DE89370400440532013000'],
    ['symbols', 'GR16011012500000000123006.5'],
    ['the empty string', ''],
  ])('rejects %s', (_, iban) => {
    expect(isValidIban(iban)).toBe(false);
  });

  it('checks against the configured country', () => {
    expect(isValidIban('DE89370400440532013000', 'DE')).toBe(true);
    expect(isValidIban('CY17002001280000001200527600', 'cy')).toBe(true);
    expect(isValidIban(GR_IBAN, 'CY')).toBe(false);
  });
});

describe('validateIban', () => {
  it('returns null when valid or empty', () => {
    expect(validateIban(GR_IBAN)).toBeNull();
    expect(validateIban('')).toBeNull();
  });

  it('tells a foreign IBAN apart from a mistyped one', () => {
    expect(validateIban('DE89370400440532013000')).toEqual({
      code: 'iban_country',
      params: { country: 'GR' },
    });
    expect(validateIban('GR1601101250000000012300696')).toEqual({ code: 'iban_invalid' });
    expect(validateIban('12')).toEqual({ code: 'iban_invalid' });
  });
});
