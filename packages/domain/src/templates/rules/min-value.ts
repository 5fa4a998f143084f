import type { TemplateRule } from './index';
import { numberParam, ruleError, stringParam, textValue } from './rule-helpers';

/**
 * An amount in euro that must be a number and at least `min` (spec section 5: contract value at
 * least 6000 euro). Digits with an optional decimal comma or point and up to two decimals;
 * thousands separators are refused, since "6.000" could be read as six.
 *
 * params: field (field key), min (number).
 */
export const minValue: TemplateRule = (values, params) => {
  const key = stringParam(params, 'field');
  const min = numberParam(params, 'min');
  const text = textValue(values, key);
  if (!key || min === undefined || text === undefined) return [];
  if (!/^\d+(?:[.,]\d{1,2})?$/.test(text)) return [ruleError(key, 'amount_invalid')];
  // Compared in cents so that 5999.99 stays below 6000.
  const cents = Math.round(Number(text.replace(',', '.')) * 100);
  return cents < Math.round(min * 100) ? [ruleError(key, 'amount_too_low', { min })] : [];
};
