import type { TemplateRule } from './index';
import { ruleError } from './rule-helpers';

/**
 * A declaration about one category of document (spec section 5, only one document category):
 * of the check boxes in `fields`, at most one is ticked; the error goes on the second one ticked.
 * With `required`, one must be ticked: the error then goes on the first box.
 *
 * params: fields (field keys of the check boxes), required (default false).
 */
export const oneCategory: TemplateRule = (values, params) => {
  const keys = Array.isArray(params.fields)
    ? params.fields.filter((key): key is string => typeof key === 'string')
    : [];
  const ticked = keys.filter((key) => values[key] === true);
  if (ticked.length === 0 && params.required === true && keys[0] !== undefined) {
    return [ruleError(keys[0], 'required')];
  }
  if (ticked.length <= 1) return [];
  return [ruleError(ticked[1]!, 'one_category_only')];
};
