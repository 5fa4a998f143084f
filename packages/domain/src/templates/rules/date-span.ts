import { athensToday } from '../../validators/date';
import type { RuleError, TemplateRule } from './index';
import {
  addMonths,
  dateValue,
  dayIndex,
  numberParam,
  ruleError,
  stringParam,
  todayIndex,
} from './rule-helpers';

/**
 * A period between two date fields (spec section 5, date spans): `from` before `to`, no day in
 * the future, and a limited length. The period counts both its first and last day, so
 * 01/01/2024–31/12/2024 lasts exactly one year and 01/01/2024–30/06/2024 exactly six months.
 *
 * params: from, to (field keys); max_months (default 12) or max_days; max_age_months (how far
 * back `from` may go, e.g. 6 for the police-service variant); allow_future (default false);
 * allow_same_day (default true: a one-day period).
 */
export const dateSpan: TemplateRule = (values, params, { now }) => {
  const fromKey = stringParam(params, 'from');
  const toKey = stringParam(params, 'to');
  if (!fromKey || !toKey) return [];
  const from = dateValue(values, fromKey);
  const to = dateValue(values, toKey);
  const today = todayIndex(now);
  const errors: RuleError[] = [];
  const failed = new Set<string>();
  const add = (error: RuleError) => {
    if (failed.has(error.field)) return;
    failed.add(error.field);
    errors.push(error);
  };

  if (params.allow_future !== true) {
    if (from && dayIndex(from) > today) add(ruleError(fromKey, 'date_future'));
    if (to && dayIndex(to) > today) add(ruleError(toKey, 'date_future'));
  }
  const maxAgeMonths = numberParam(params, 'max_age_months');
  if (from && maxAgeMonths !== undefined) {
    const earliest = addMonths(athensToday(now), -maxAgeMonths);
    if (dayIndex(from) < dayIndex(earliest)) {
      add(ruleError(fromKey, 'date_too_old', { months: maxAgeMonths }));
    }
  }
  if (!from || !to) return errors;

  const sameDayAllowed = params.allow_same_day !== false;
  if (dayIndex(to) < dayIndex(from) || (!sameDayAllowed && dayIndex(to) === dayIndex(from))) {
    add(ruleError(toKey, 'date_span_order'));
    return errors;
  }
  const maxDays = numberParam(params, 'max_days');
  if (maxDays !== undefined) {
    if (dayIndex(to) - dayIndex(from) + 1 > maxDays) {
      add(ruleError(toKey, 'date_span_max_days', { days: maxDays }));
    }
    return errors;
  }
  const maxMonths = numberParam(params, 'max_months', 12) ?? 12;
  // Both ends counted: the period may end at the latest the day before the same date N months on.
  if (dayIndex(to) >= dayIndex(addMonths(from, maxMonths))) {
    add(ruleError(toKey, 'date_span_max_months', { months: maxMonths }));
  }
  return errors;
};
