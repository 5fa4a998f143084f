import { isEmptyValue, validationError, type ValidationError } from './validation-error';

/** Greek postal code (ΤΚ): five digits, the first 1–8. */
export function isValidPostalCode(value: unknown): boolean {
  return typeof value === 'string' && /^[1-8]\d{4}$/.test(value);
}

export function validatePostalCode(value: unknown): ValidationError | null {
  if (isEmptyValue(value)) return null;
  return isValidPostalCode(value) ? null : validationError('postal_code_invalid');
}
