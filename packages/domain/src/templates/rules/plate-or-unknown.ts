import type { TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * The vehicle's licence plate is required unless the citizen ticks that it is unknown
 * (spec section 5).
 *
 * params: plate (text field key), unknown (checkbox field key).
 */
export const plateOrUnknown: TemplateRule = (values, params) => {
  const plateKey = stringParam(params, 'plate');
  const unknownKey = stringParam(params, 'unknown');
  if (!plateKey || !unknownKey) return [];
  if (textValue(values, plateKey) !== undefined || values[unknownKey] === true) return [];
  return [ruleError(plateKey, 'plate_required')];
};
