import type { TemplateRule } from './index';
import { numberParam, ruleError, stringParam, textValue } from './rule-helpers';

const LETTER = /^\p{L}$/u;

/**
 * The first letters of a citizen's name, given to find or confirm a person without showing their
 * full name (spec section 5, citizen name prefixes of three letters): exactly `length` letters.
 *
 * params: field (field key), length (default 3).
 */
export const namePrefix: TemplateRule = (values, params) => {
  const key = stringParam(params, 'field');
  if (!key) return [];
  const value = textValue(values, key);
  if (value === undefined) return [];
  const length = numberParam(params, 'length', 3) ?? 3;
  const chars = [...value.normalize('NFC')];
  if (chars.length === length && chars.every((char) => LETTER.test(char))) return [];
  return [ruleError(key, 'name_prefix_invalid', { length })];
};
