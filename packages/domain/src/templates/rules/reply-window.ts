import type { TemplateRule } from './index';
import {
  dateValue,
  dayIndex,
  numberParam,
  ruleError,
  stringParam,
  todayIndex,
} from './rule-helpers';

/**
 * A reply to a permanent-residence request (spec section 5): given only within `days` days of
 * the request's date, that day excluded, and the request cannot be dated after today.
 *
 * params: field (the request date's field key), days (default 10).
 */
export const replyWindow: TemplateRule = (values, params, { now }) => {
  const key = stringParam(params, 'field');
  if (!key) return [];
  const requested = dateValue(values, key);
  if (!requested) return [];
  const days = numberParam(params, 'days', 10) ?? 10;
  const elapsed = todayIndex(now) - dayIndex(requested);
  if (elapsed < 0) return [ruleError(key, 'date_future')];
  if (elapsed > days) return [ruleError(key, 'reply_window_closed', { days })];
  return [];
};
