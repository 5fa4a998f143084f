import type { RuleError, TemplateRule } from './index';
import {
  dateValue,
  dayIndex,
  numberParam,
  ruleError,
  stringParam,
  textValue,
  todayIndex,
} from './rule-helpers';

/**
 * The days a weather-service certificate covers (spec section 5, "weather service same pattern"
 * as the loss periods): `to` not before `from`, both in the past (today included), `from`
 * required once `to` is given, and at most `max_days` days, both ends counted.
 *
 * params: from, to (field keys), max_days (default 31).
 */
export const weatherPeriod: TemplateRule = (values, params, { now }) => {
  const fromKey = stringParam(params, 'from');
  const toKey = stringParam(params, 'to');
  if (!fromKey || !toKey) return [];
  const from = dateValue(values, fromKey);
  const to = dateValue(values, toKey);
  const today = todayIndex(now);
  const errors: RuleError[] = [];
  if (from && dayIndex(from) > today) errors.push(ruleError(fromKey, 'date_future'));
  if (textValue(values, toKey) !== undefined && textValue(values, fromKey) === undefined) {
    errors.push(ruleError(fromKey, 'weather_period_from_required'));
  }
  if (!to) return errors;
  if (dayIndex(to) > today) return [...errors, ruleError(toKey, 'date_future')];
  if (!from) return errors;
  if (dayIndex(to) < dayIndex(from)) return [...errors, ruleError(toKey, 'loss_period_order')];
  const maxDays = numberParam(params, 'max_days', 31) ?? 31;
  if (dayIndex(to) - dayIndex(from) + 1 > maxDays) {
    errors.push(ruleError(toKey, 'date_span_max_days', { days: maxDays }));
  }
  return errors;
};
