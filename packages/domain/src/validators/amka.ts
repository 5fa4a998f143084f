import { isEmptyValue, validationError, type ValidationError } from './validation-error';

/** Luhn (mod 10) over a digit string, check digit last. */
export function hasValidLuhnCheckDigit(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Greek social security number (ΑΜΚΑ): 11 digits, not all zeros, Luhn check digit. */
export function isValidAmka(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    /^\d{11}$/.test(value) &&
    value !== '00000000000' &&
    hasValidLuhnCheckDigit(value)
  );
}

export function validateAmka(value: unknown): ValidationError | null {
  if (isEmptyValue(value)) return null;
  return isValidAmka(value) ? null : validationError('amka_invalid');
}
