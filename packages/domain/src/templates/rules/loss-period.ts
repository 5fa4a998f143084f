import type { RuleError, TemplateRule } from './index';
import { dateValue, dayIndex, ruleError, stringParam, todayIndex } from './rule-helpers';

/**
 * When a document (identity card, passport) was lost: between `from` and `to` (spec section 5,
 * loss periods). `to` is not before `from`, neither is later than today, and `from` is needed
 * once `to` is given. Both dates may be the same day, and today counts as past: the loss may
 * have been noticed today.
 *
 * params: from, to (field keys).
 */
export const lossPeriod: TemplateRule = (values, params, { now }) => {
  const fromKey = stringParam(params, 'from');
  const toKey = stringParam(params, 'to');
  if (!fromKey || !toKey) return [];
  const from = dateValue(values, fromKey);
  const to = dateValue(values, toKey);
  const today = todayIndex(now);
  const errors: RuleError[] = [];
  if (from && dayIndex(from) > today) errors.push(ruleError(fromKey, 'date_future'));
  if (to && dayIndex(to) > today) {
    errors.push(ruleError(toKey, 'date_future'));
  } else if (from && to && dayIndex(to) < dayIndex(from)) {
    errors.push(ruleError(toKey, 'loss_period_order'));
  }
  const hasTo = typeof values[toKey] === 'string' && (values[toKey] as string).trim() !== '';
  const hasFrom = typeof values[fromKey] === 'string' && (values[fromKey] as string).trim() !== '';
  if (hasTo && !hasFrom) errors.push(ruleError(fromKey, 'loss_period_from_required'));
  return errors;
};
