import { validateAfm } from './afm';
import { validateAmka } from './amka';
import { validateDate, validateDateTime } from './date';
import { validateEmail } from './email';
import { validateIban } from './iban';
import { validatePositiveInteger, validateRate } from './number';
import { validateLandline, validateMobile } from './phone';
import { validatePostalCode } from './postal-code';
import { isMissingValue, validateMaxLength, validateRequired } from './text';
import type { ValidationError } from './validation-error';

/** Field components with a format check; any other component only gets the required check. */
export const VALIDATED_COMPONENTS = [
  'afm',
  'amka',
  'iban',
  'mobile_phone',
  'landline_phone',
  'postal_code',
  'email',
  'date',
  'datetime',
  'integer',
  'rate',
  'text',
  'string',
] as const;
export type ValidatedComponent = (typeof VALIDATED_COMPONENTS)[number];

export function isValidatedComponent(component: string): component is ValidatedComponent {
  return (VALIDATED_COMPONENTS as readonly string[]).includes(component);
}

/** The subset of a field's required flag and component-params that validation reads. */
export type FieldValidationParams = {
  required?: boolean;
  /** text, string */
  max_length?: number;
  /** date: 'DD/MM/YYYY' or 'now' */
  min?: string;
  /** date: 'DD/MM/YYYY' or 'now' */
  max?: string;
  /** date: the current instant, so that "now" is testable */
  now?: Date;
  /** mobile_phone, landline_phone: ISO 3166 alpha-2 codes, default ['gr'] */
  allowed_countries?: readonly string[];
  /** iban: default 'GR' */
  country_code?: string;
};

/** One entry point for the server and the web form: the first error of a field's value, or null. */
export function validateField(
  component: string,
  value: unknown,
  params: FieldValidationParams = {},
): ValidationError | null {
  if (params.required) {
    const missing = validateRequired(value);
    if (missing) return missing;
  }
  if (isMissingValue(value)) return null;
  if (component === 'text' || component === 'string') {
    return params.max_length === undefined ? null : validateMaxLength(value, params.max_length);
  }
  // Codes and numbers are often typed or pasted with stray spaces around them.
  const input = typeof value === 'string' ? value.trim() : value;
  const phoneOptions = params.allowed_countries
    ? { allowedCountries: params.allowed_countries }
    : {};
  switch (component) {
    case 'afm':
      return validateAfm(input);
    case 'amka':
      return validateAmka(input);
    case 'iban':
      return validateIban(input, params.country_code);
    case 'mobile_phone':
      return validateMobile(input, phoneOptions);
    case 'landline_phone':
      return validateLandline(input, phoneOptions);
    case 'postal_code':
      return validatePostalCode(input);
    case 'email':
      return validateEmail(input);
    case 'date':
      return validateDate(input, { min: params.min, max: params.max, now: params.now });
    case 'datetime':
      return validateDateTime(input);
    case 'integer':
      return validatePositiveInteger(input);
    case 'rate':
      return validateRate(input);
    default:
      return null;
  }
}
