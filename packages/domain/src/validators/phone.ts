import { isEmptyValue, validationError, type ValidationError } from './validation-error';

/** Calling codes of the countries a template may allow besides Greece (ISO 3166 alpha-2, lower case). */
// prettier-ignore
const CALLING_CODES: Readonly<Record<string, string>> = {
  cy: '357', al: '355', at: '43', be: '32', bg: '359', ch: '41', cz: '420', de: '49', dk: '45',
  ee: '372', es: '34', fi: '358', fr: '33', gb: '44', hr: '385', hu: '36', ie: '353', is: '354',
  it: '39', li: '423', lt: '370', lu: '352', lv: '371', mk: '389', mt: '356', nl: '31', no: '47',
  pl: '48', pt: '351', ro: '40', rs: '381', se: '46', si: '386', sk: '421', tr: '90', us: '1',
};

export const DEFAULT_PHONE_COUNTRIES: readonly string[] = ['gr'];

const GREECE_CALLING_CODE = '30';

type ParsedPhone = { international: boolean; digits: string };

function parsePhone(value: string): ParsedPhone | null {
  const compact = value.replace(/[\s-]/g, '');
  const match = /^(\+|00)?(\d+)$/.exec(compact);
  if (!match?.[2]) return null;
  return { international: match[1] !== undefined, digits: match[2] };
}

/** The 10-digit Greek number without +30/0030 and separators, or null when it is not a Greek-format number. */
export function toGreekNationalNumber(value: string): string | null {
  const parsed = parsePhone(value);
  if (!parsed) return null;
  if (!parsed.international) return parsed.digits.length === 10 ? parsed.digits : null;
  return parsed.digits.startsWith(GREECE_CALLING_CODE) && parsed.digits.length === 12
    ? parsed.digits.slice(2)
    : null;
}

/** Greek mobile: 69XXXXXXXX, optionally prefixed with +30 or 0030. */
export function isValidGreekMobile(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return /^69\d{8}$/.test(toGreekNationalNumber(value) ?? '');
}

/** Greek landline: 2XXXXXXXXX, optionally prefixed with +30 or 0030. */
export function isValidGreekLandline(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  return /^2\d{9}$/.test(toGreekNationalNumber(value) ?? '');
}

export type PhoneOptions = { allowedCountries?: readonly string[] };

type PhoneCodes = {
  invalid: 'mobile_invalid' | 'landline_invalid';
  notGreek: 'mobile_not_greek' | 'landline_not_greek';
  notAllowed: 'mobile_country_not_allowed' | 'landline_country_not_allowed';
};

function validatePhone(
  value: unknown,
  isValidGreek: (value: string) => boolean,
  codes: PhoneCodes,
  allowedCountries: readonly string[],
): ValidationError | null {
  if (isEmptyValue(value)) return null;
  if (typeof value !== 'string') return validationError(codes.invalid);
  const parsed = parsePhone(value);
  if (!parsed) return validationError(codes.invalid);
  const allowed = allowedCountries.map((country) => country.toLowerCase());
  const isGreek = !parsed.international || parsed.digits.startsWith(GREECE_CALLING_CODE);
  if (isGreek) {
    if (!allowed.includes('gr')) return validationError(codes.notAllowed);
    return isValidGreek(value) ? null : validationError(codes.invalid);
  }
  const isAllowedForeign = allowed.some((country) => {
    const callingCode = CALLING_CODES[country];
    return callingCode !== undefined && parsed.digits.startsWith(callingCode);
  });
  // Foreign numbering plans are not modelled: an allowed country only needs an E.164-sized number.
  if (isAllowedForeign) {
    return parsed.digits.length >= 8 && parsed.digits.length <= 15
      ? null
      : validationError(codes.invalid);
  }
  const onlyGreece = allowed.length === 1 && allowed[0] === 'gr';
  return validationError(onlyGreece ? codes.notGreek : codes.notAllowed);
}

export function validateMobile(value: unknown, options: PhoneOptions = {}): ValidationError | null {
  return validatePhone(
    value,
    isValidGreekMobile,
    {
      invalid: 'mobile_invalid',
      notGreek: 'mobile_not_greek',
      notAllowed: 'mobile_country_not_allowed',
    },
    options.allowedCountries ?? DEFAULT_PHONE_COUNTRIES,
  );
}

export function validateLandline(
  value: unknown,
  options: PhoneOptions = {},
): ValidationError | null {
  return validatePhone(
    value,
    isValidGreekLandline,
    {
      invalid: 'landline_invalid',
      notGreek: 'landline_not_greek',
      notAllowed: 'landline_country_not_allowed',
    },
    options.allowedCountries ?? DEFAULT_PHONE_COUNTRIES,
  );
}
