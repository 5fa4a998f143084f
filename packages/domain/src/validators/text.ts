import { validationError, type ValidationError } from './validation-error';

/** Missing means undefined, null, an empty or blank string, or an empty list. */
export function isMissingValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

export function validateRequired(value: unknown): ValidationError | null {
  return isMissingValue(value) ? validationError('required') : null;
}

/** Length in characters (code points), the way a citizen and the database count them. */
export function validateMaxLength(value: unknown, max: number): ValidationError | null {
  if (typeof value !== 'string' || [...value].length <= max) return null;
  return validationError('text_too_long', { max });
}

/**
 * Upper-case with accents and diacritics removed ('Παπαδόπουλος' → 'ΠΑΠΑΔΟΠΟΥΛΟΣ'), for fields
 * the template marks as normalized or upper-case.
 */
export function normalizeUpper(value: string): string {
  return (
    value
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      // Final sigma has no capital of its own; map it explicitly rather than trust the runtime.
      .replace(/ς/g, 'σ')
      .toUpperCase()
      .normalize('NFC')
  );
}
