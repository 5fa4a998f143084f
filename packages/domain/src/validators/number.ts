import { isEmptyValue, validationError, type ValidationError } from './validation-error';

/** Integer greater than zero, as a number or a string of digits. */
export function isPositiveInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) return false;
  return isPositiveInteger(Number(value));
}

export function validatePositiveInteger(value: unknown): ValidationError | null {
  if (isEmptyValue(value)) return null;
  return isPositiveInteger(value) ? null : validationError('integer_invalid');
}

// Rates are compared in hundredths so that 33.33 + 33.33 + 33.34 is exactly 100.
function toHundredths(value: number): number {
  return Math.round(value * 100);
}

function hasAtMostTwoDecimals(value: number): boolean {
  return Math.abs(value * 100 - toHundredths(value)) < 1e-6;
}

/** A percentage 0–100 with at most two decimals; strings may use a comma as decimal mark. */
export function isValidRate(value: unknown): boolean {
  if (typeof value === 'string') {
    return /^\d{1,3}(?:[.,]\d{1,2})?$/.test(value) && isValidRate(Number(value.replace(',', '.')));
  }
  return (
    typeof value === 'number' &&
    Number.isFinite(value) &&
    value >= 0 &&
    value <= 100 &&
    hasAtMostTwoDecimals(value)
  );
}

export function validateRate(value: unknown): ValidationError | null {
  if (isEmptyValue(value)) return null;
  return isValidRate(value) ? null : validationError('rate_invalid');
}

/**
 * The dependent rates of a document must add up to more than 0 and at most 100.
 * A template may name its own message (its dependencies-error-message) instead of rate_sum.
 */
export function validateRateSum(
  values: readonly number[],
  customMessageKey?: string,
): ValidationError | null {
  const total = values.reduce((sum, value) => sum + toHundredths(value), 0);
  if (total > 0 && total <= 100 * 100) return null;
  return customMessageKey ? { code: customMessageKey } : validationError('rate_sum');
}
