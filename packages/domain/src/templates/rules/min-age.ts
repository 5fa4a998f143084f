import { athensToday } from '../../validators/date';
import type { TemplateRule } from './index';
import { dateValue, numberParam, ruleError, stringParam } from './rule-helpers';

/**
 * The person born on the date in `field` must have reached `min` years today, Athens time
 * (spec section 5: under 18 not allowed for an application). Someone born on 29 February
 * reaches a new age on 1 March in common years.
 *
 * params: field (birth date field key, DD/MM/YYYY), min (years).
 */
export const minAge: TemplateRule = (values, params, { now }) => {
  const key = stringParam(params, 'field');
  const min = numberParam(params, 'min');
  const birth = dateValue(values, key);
  if (!key || min === undefined || !birth) return [];
  const today = athensToday(now);
  const hadBirthday =
    today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  const age = today.year - birth.year - (hadBirthday ? 0 : 1);
  return age < min ? [ruleError(key, 'age_too_low', { min })] : [];
};
