import type { TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * Choosing "other" needs an explanation (spec section 5: 'other' property and explanation
 * required). Works for a single choice and for a multiple choice that includes it.
 *
 * params: field (choice field key), explanation (text field key), other_value (default 'other').
 */
export const otherRequiresExplanation: TemplateRule = (values, params) => {
  const key = stringParam(params, 'field');
  const explanationKey = stringParam(params, 'explanation');
  if (!key || !explanationKey) return [];
  const other = stringParam(params, 'other_value') ?? 'other';
  const chosen = values[key];
  const isOther = Array.isArray(chosen) ? chosen.includes(other) : chosen === other;
  if (!isOther || textValue(values, explanationKey) !== undefined) return [];
  return [ruleError(explanationKey, 'explanation_required')];
};
