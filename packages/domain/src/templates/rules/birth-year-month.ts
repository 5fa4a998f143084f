import { athensToday } from '../../validators/date';
import type { TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * The year and month of birth (spec section 5, rules that need a registry): a year of four digits
 * from 1900 to this year, a month from 1 to 12, not in the future. The server also checks them
 * against the tax registry's birth date of the declarant (documents/registry-checks.ts,
 * `birth_year_month_mismatch`).
 *
 * params: year (field key), month (field key).
 */
export const birthYearMonth: TemplateRule = (values, params, { now }) => {
  const yearKey = stringParam(params, 'year');
  const monthKey = stringParam(params, 'month');
  if (!yearKey || !monthKey) return [];
  const today = athensToday(now);
  const yearText = textValue(values, yearKey);
  const monthText = textValue(values, monthKey);
  const errors = [];
  const year = yearText !== undefined && /^\d{4}$/.test(yearText) ? Number(yearText) : undefined;
  if (yearText !== undefined && (year === undefined || year < 1900 || year > today.year)) {
    errors.push(ruleError(yearKey, 'birth_year_invalid'));
  }
  const month =
    monthText !== undefined && /^\d{1,2}$/.test(monthText) ? Number(monthText) : undefined;
  const future = year === today.year && month !== undefined && month > today.month;
  if (monthText !== undefined && (month === undefined || month < 1 || month > 12 || future)) {
    errors.push(ruleError(monthKey, 'birth_month_invalid'));
  }
  return errors;
};

/**
 * The declarant's age from the tax registry's birth date (spec section 5: ages 17 and 18 where a
 * template sets them): nothing to check in the form, where the birth date is not typed; the server
 * reads the registry and answers `age_too_low` on `field` (documents/registry-checks.ts).
 *
 * params: field (where the error shows), min (years).
 */
export const registryAge: TemplateRule = () => [];
