import type { TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

/**
 * The second parent of a child-naming declaration (spec section 5, child name rules): once any of
 * their fields is filled, all of them are; and their tax number is theirs, not the declarant's
 * (the declarant's comes from the registry in `own_afm`).
 *
 * params: firstname, surname, afm (field keys of the second parent), own_afm (optional field key
 * holding the declarant's tax number).
 */
export const secondParent: TemplateRule = (values, params) => {
  const keys = ['firstname', 'surname', 'afm']
    .map((name) => stringParam(params, name))
    .filter((key): key is string => key !== undefined);
  if (keys.length === 0) return [];
  const filled = keys.filter((key) => textValue(values, key) !== undefined);
  if (filled.length === 0) return [];
  if (filled.length < keys.length) {
    return keys
      .filter((key) => !filled.includes(key))
      .map((key) => ruleError(key, 'second_parent_incomplete'));
  }
  const afmKey = stringParam(params, 'afm');
  const afm = textValue(values, afmKey);
  const own = textValue(values, stringParam(params, 'own_afm'));
  if (afmKey && afm !== undefined && own !== undefined && afm === own) {
    return [ruleError(afmKey, 'second_parent_afm_own')];
  }
  return [];
};
