import { isEmptyValue, validationError, type ValidationError } from './validation-error';

// WHATWG (HTML input type=email) pattern, plus a dotted domain with an alphabetic top-level label.
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*\.[a-zA-Z]{2,63}$/;

/** Standard e-mail pattern; the empty string is allowed (an optional e-mail left blank). */
export function isValidEmail(value: unknown): boolean {
  if (value === '') return true;
  return typeof value === 'string' && value.length <= 254 && EMAIL_PATTERN.test(value);
}

export function validateEmail(value: unknown): ValidationError | null {
  if (isEmptyValue(value)) return null;
  return isValidEmail(value) ? null : validationError('email_invalid');
}
