import type { RuleError, TemplateRule } from './index';
import { ruleError, stringParam, textValue } from './rule-helpers';

const GREEK_LETTER = /^[\u0370-\u03FF\u1F00-\u1FFF]$/u;
const LATIN_LETTER = /^[A-Za-z\u00C0-\u024F]$/u;
// Combining acute, grave and circumflex (tonos, oxia, perispomeni) once a name is decomposed.
const ACCENT = /[\u0300\u0301\u0342]/gu;

type Script = 'greek' | 'latin' | 'mixed';

function scriptOf(name: string): Script {
  const letters = [...name.normalize('NFC')].filter((char) => char !== '-');
  if (letters.length > 0 && letters.every((char) => GREEK_LETTER.test(char))) return 'greek';
  if (letters.length > 0 && letters.every((char) => LATIN_LETTER.test(char))) return 'latin';
  return 'mixed';
}

function accentCount(name: string): number {
  return name.normalize('NFD').match(ACCENT)?.length ?? 0;
}

// Not toLocaleUpperCase('el'): in Greek it drops the accent, and Ά would not count as capital.
function isCapitalised(name: string): boolean {
  const [first = '', ...rest] = [...name];
  const tail = rest.join('');
  return (
    first === first.toUpperCase() && first !== first.toLowerCase() && tail === tail.toLowerCase()
  );
}

/** The first failure of one name, in the order a person fixes them. */
function nameError(name: string, expected: Script | undefined): string | undefined {
  if (/\s/u.test(name)) return 'child_name_spaces';
  const script = scriptOf(name);
  if (script === 'mixed' || (expected !== undefined && script !== expected)) {
    return 'child_name_script';
  }
  // A hyphenated name (Άννα-Μαρία) is two names: each part is capitalised and has its accent.
  const parts = name.split('-');
  if (!parts.every(isCapitalised)) return 'child_name_capital';
  if (parts.some((part) => accentCount(part) > 1)) return 'child_name_accent';
  return undefined;
}

/**
 * The names given to a child (spec section 5, child name rules): each a single word without
 * spaces, capitalised (first letter upper case, the rest lower case), with at most one accent,
 * all in the same script (Greek or Latin; the child's surname's when `surname` is given), and
 * no third name without a second. A hyphen joins two names in one (Άννα-Μαρία), each part
 * following the rules.
 *
 * params: first, second, third (field keys; second and third optional), surname (optional field
 * key whose script the names must match).
 */
export const childNames: TemplateRule = (values, params) => {
  const keys = ['first', 'second', 'third']
    .map((name) => stringParam(params, name))
    .filter((key): key is string => key !== undefined);
  const surname = textValue(values, stringParam(params, 'surname'));
  const surnameScript = surname ? scriptOf(surname.replace(/\s/gu, '')) : undefined;
  let expected: Script | undefined = surnameScript === 'mixed' ? undefined : surnameScript;
  const errors: RuleError[] = [];
  for (const key of keys) {
    const name = textValue(values, key);
    if (name === undefined) continue;
    const code = nameError(name, expected);
    if (code) errors.push(ruleError(key, code));
    else expected ??= scriptOf(name);
  }
  const secondKey = stringParam(params, 'second');
  const thirdKey = stringParam(params, 'third');
  if (
    secondKey &&
    thirdKey &&
    textValue(values, thirdKey) !== undefined &&
    textValue(values, secondKey) === undefined
  ) {
    errors.push(ruleError(thirdKey, 'child_name_third_without_second'));
  }
  return errors;
};
