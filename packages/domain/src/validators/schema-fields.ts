import { z } from 'zod';
import type { InvalidField } from '../errors';
import { isValidAfm } from './afm';
import { isValidEmail } from './email';
import { validateMaxLength } from './text';
import type { ValidationError } from './validation-error';

/**
 * Zod fields whose failures carry the API's codes (`required`, `afm_invalid`, `text_too_long`,
 * or a route's own such as `comment_required`), so a form and the server that re-checks its body
 * name a failure alike, and the client maps the code to a translated message.
 */

/** The code of a failure: the server's error catalogue (errors) or the validation catalogue. */
type Code = string;

/** Where a coded check puts its code: the issue's params, read back by `issueError`. */
type CodedParams = { code: Code; params?: Record<string, string | number> };

function addCoded(ctx: z.RefinementCtx, error: ValidationError, path?: (string | number)[]) {
  const params: CodedParams = error.params
    ? { code: error.code, params: error.params }
    : { code: error.code };
  ctx.addIssue({ code: 'custom', message: error.code, params, ...(path ? { path } : {}) });
}

export type TextOptions = {
  /** Trim the text before the checks (and in the parsed value), as the server does. */
  trim?: boolean;
  /** The code of a missing (empty or blank) text; `required` unless the route has its own. */
  required?: Code;
  /** The code of a text over `max` characters, with `{ max }`; `text_too_long` by default. */
  tooLong?: Code;
};

/** A text that must not be blank, at most `max` characters (counted as the database counts). */
export function requiredText(max: number, codes: TextOptions = {}) {
  return (codes.trim ? z.string().trim() : z.string()).superRefine((value, ctx) => {
    if (value.trim() === '') {
      addCoded(ctx, { code: codes.required ?? 'required' });
      return;
    }
    const tooLong = validateMaxLength(value, max);
    if (tooLong) addCoded(ctx, { ...tooLong, code: codes.tooLong ?? tooLong.code });
  });
}

/** A text that may be blank, at most `max` characters. */
export function optionalText(max: number, codes: Omit<TextOptions, 'required'> = {}) {
  return (codes.trim ? z.string().trim() : z.string()).superRefine((value, ctx) => {
    const tooLong = validateMaxLength(value, max);
    if (tooLong) addCoded(ctx, { ...tooLong, code: codes.tooLong ?? tooLong.code });
  });
}

/** A Greek tax number (ΑΦΜ), trimmed: required, then 9 digits with a valid check digit. */
export function afmText() {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') addCoded(ctx, { code: 'required' });
      else if (!isValidAfm(value)) addCoded(ctx, { code: 'afm_invalid' });
    });
}

/** An e-mail address, trimmed: required, then valid (at most 254 characters). */
export function emailText() {
  return z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (value === '') addCoded(ctx, { code: 'required' });
      else if (!isValidEmail(value)) addCoded(ctx, { code: 'email_invalid' });
    });
}

/**
 * A check made with the domain's own validators (a plain name, a rule across fields) as a zod
 * refinement whose issue carries the validator's code; `path` names the field it is about.
 */
export function codedCheck<T>(
  check: (value: T) => ValidationError | null,
  path?: (string | number)[],
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const error = check(value);
    if (error) addCoded(ctx, error, path);
  };
}

/**
 * The code (and its message's values) of one zod issue: a coded check's own code; else the
 * nearest catalogue code for zod's built-in checks (a missing value is `required`).
 */
export function issueError(issue: z.core.$ZodIssue): ValidationError {
  if (issue.code === 'custom') {
    const coded = issue.params as Partial<CodedParams> | undefined;
    if (coded?.code)
      return coded.params ? { code: coded.code, params: coded.params } : { code: coded.code };
    return { code: 'value_invalid' };
  }
  if (issue.code === 'invalid_type') {
    return issue.input === undefined || issue.input === null
      ? { code: 'required' }
      : { code: 'value_invalid' };
  }
  if (issue.code === 'too_small') {
    if (issue.origin === 'string' && Number(issue.minimum) <= 1) return { code: 'required' };
    if (issue.origin === 'array' || issue.origin === 'set') {
      return { code: 'choices_too_few', params: { min: Number(issue.minimum) } };
    }
  }
  if (issue.code === 'too_big') {
    if (issue.origin === 'string')
      return { code: 'text_too_long', params: { max: Number(issue.maximum) } };
    if (issue.origin === 'array' || issue.origin === 'set') {
      return { code: 'choices_too_many', params: { max: Number(issue.maximum) } };
    }
  }
  if (issue.code === 'invalid_value') return { code: 'choice_invalid' };
  return { code: 'value_invalid' };
}

/**
 * A value checked against a schema, as the API's `invalid_fields`: one entry per field (its
 * first failure), the field named by its dotted path, in the schema's order.
 */
export function invalidFieldsOf(schema: z.ZodType, value: unknown): InvalidField[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const seen = new Set<string>();
  const invalid: InvalidField[] = [];
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    const error = issueError(issue);
    invalid.push({
      invalid_field: field,
      error_info: error.params ? { code: error.code, params: error.params } : { code: error.code },
    });
  }
  return invalid;
}
