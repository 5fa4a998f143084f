import { isEmptyValue, validationError, type ValidationError } from './validation-error';

/** IBAN lengths (ISO 13616 registry) for EU/EEA countries; others fall back to the generic 15–34. */
// prettier-ignore
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FR: 27,
  GB: 22, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MT: 31,
  NL: 18, NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24,
};

/** Removes spaces and dashes and upper-cases, the way citizens copy IBANs from bank apps. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

function hasValidIbanLength(iban: string, country: string): boolean {
  const expected = IBAN_LENGTHS[country];
  return expected === undefined ? iban.length >= 15 && iban.length <= 34 : iban.length === expected;
}

/** ISO 13616 / ISO 7064 mod 97-10: the rearranged IBAN, letters as 10–35, leaves remainder 1. */
export function hasValidIbanChecksum(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const numeric = char >= 'A' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of numeric) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

type IbanCheck = 'valid' | 'invalid' | 'wrong_country';

function checkIban(value: string, countryCode: string): IbanCheck {
  const country = countryCode.toUpperCase();
  const iban = normalizeIban(value);
  // Without a country prefix the IBAN is taken as the configured country's (25 digits for GR).
  const full = /^\d/.test(iban) ? country + iban : iban;
  if (!/^[A-Z]/.test(full)) return 'invalid';
  if (!full.startsWith(country)) return /^[A-Z]{2}/.test(full) ? 'wrong_country' : 'invalid';
  return hasValidIbanLength(full, country) && hasValidIbanChecksum(full) ? 'valid' : 'invalid';
}

export function isValidIban(value: unknown, countryCode = 'GR'): boolean {
  return typeof value === 'string' && checkIban(value, countryCode) === 'valid';
}

export function validateIban(value: unknown, countryCode = 'GR'): ValidationError | null {
  if (isEmptyValue(value)) return null;
  if (typeof value !== 'string') return validationError('iban_invalid');
  switch (checkIban(value, countryCode)) {
    case 'valid':
      return null;
    case 'wrong_country':
      return validationError('iban_country', { country: countryCode.toUpperCase() });
    case 'invalid':
      return validationError('iban_invalid');
  }
}
