import type { RuleError, TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * A column of a list that must differ from row to row and from the declarant's own value
 * (spec section 5: duplicate co-signatory tax ids rejected). validateValues already refuses
 * duplicates when the list sets multiplicity-unique; this rule adds the declarant's own value
 * (e.g. a co-signatory cannot be the declarant) and works for lists without that param.
 *
 * params: list (list_of field key), column (sub-field key), self_field (optional field key of
 * the declarant's value, e.g. afm).
 */
export const uniqueListColumn: TemplateRule = (values, params) => {
  const listKey = stringParam(params, 'list');
  const column = stringParam(params, 'column');
  if (!listKey || !column) return [];
  const rows = values[listKey];
  if (!Array.isArray(rows)) return [];
  const own = textValue(values, stringParam(params, 'self_field'));
  const seen = new Set<string>();
  const errors: RuleError[] = [];
  rows.forEach((row, index) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) return;
    const value = textValue(row as Record<string, unknown>, column)?.toUpperCase();
    if (value === undefined) return;
    const path = `${listKey}.${index}.${column}`;
    if (own !== undefined && value === own.toUpperCase()) {
      errors.push(ruleError(path, 'list_value_is_self'));
    } else if (seen.has(value)) {
      errors.push(ruleError(path, 'list_duplicate'));
    }
    seen.add(value);
  });
  return errors;
};
