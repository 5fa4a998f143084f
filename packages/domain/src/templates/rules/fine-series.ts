import type { RuleError, TemplateRule } from './index';
import { numberParam, ruleError, stringParam, textValue } from './rule-helpers';

/**
 * A traffic fine notice (κλήση) is identified by a series and a number (spec section 5): the
 * series is numeric with at most 3 digits and the number has at most 4 digits.
 *
 * params: series, number (field keys); series_digits (default 3), number_digits (default 4).
 */
export const fineSeries: TemplateRule = (values, params) => {
  const errors: RuleError[] = [];
  const checks = [
    ['series', 'series_digits', 3, 'fine_series_invalid'],
    ['number', 'number_digits', 4, 'fine_number_invalid'],
  ] as const;
  for (const [param, digitsParam, defaultDigits, code] of checks) {
    const key = stringParam(params, param);
    const value = textValue(values, key);
    if (!key || value === undefined) continue;
    const digits = numberParam(params, digitsParam, defaultDigits) ?? defaultDigits;
    if (!new RegExp(`^\\d{1,${digits}}$`).test(value)) {
      errors.push(ruleError(key, code, { digits }));
    }
  }
  return errors;
};
