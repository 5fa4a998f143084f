import { isEmptyValue, validationError, type ValidationError } from './validation-error';

/** Greek tax number (ΑΦΜ): 9 digits, not all zeros, weighted check digit. */
export function isValidAfm(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{9}$/.test(value) || value === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(value[i]) * 2 ** (8 - i);
  return (sum % 11) % 10 === Number(value[8]);
}

export function validateAfm(value: unknown): ValidationError | null {
  if (isEmptyValue(value)) return null;
  return isValidAfm(value) ? null : validationError('afm_invalid');
}
