import { issueError, type ValidationError } from '@dilosi/domain';
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ErrorSummaryItem } from './error-summary';
import { errorId } from './field-ids';

type Values = Record<string, unknown>;

/** A domain zod schema, as far as the form uses it (the web app needs no zod of its own). */
export type FormSchema<Output> = {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: Output }
    | { success: false; error: { issues: Parameters<typeof issueError>[0][] } };
};
type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a control bound to one field of the form takes (the kit's controls, or one's own). */
export type SchemaFieldProps<V> = {
  id: string;
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  error: string | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/** A text field's props for the kit's TextInput, Textarea and Select (they wire aria themselves). */
export type SchemaInputProps = {
  id: string;
  name: string;
  value: string;
  onChange: (
    event: ChangeEvent<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>,
  ) => void;
  onBlur: () => void;
  error: string | undefined;
};

export type SchemaFormOptions<Output, V extends Values> = {
  /** The domain's schema of the body, the one the server's route re-checks (`@dilosi/domain`). */
  schema: FormSchema<Output>;
  /** The fields in the form's order; a dotted key (`display_name.el`) is a nested field. */
  initialValues: V;
  /** The control ids: `{idPrefix}-{field}` unless `ids` names one. */
  idPrefix: string;
  ids?: Partial<Record<keyof V & string, string>>;
  /** A form's own wording of a code (else the server's: errors, then validation catalogue). */
  messageOf?: (error: ValidationError, field: keyof V & string) => string | undefined;
  /**
   * The body the schema checks, when the form derives it from its values (a default that
   * arrives after the form opens); the values themselves (dotted keys nested) otherwise.
   */
  bodyOf?: (values: V) => unknown;
  /** Called with the parsed body once the values pass the schema. */
  onValid: (data: Output, values: V) => void;
};

/** The schema's input from flat values: `{ 'a.b': 1 }` → `{ a: { b: 1 } }`. */
function toInput(values: Values): Values {
  const input: Values = {};
  for (const [key, value] of Object.entries(values)) {
    const parts = key.split('.');
    let node = input;
    for (const part of parts.slice(0, -1)) {
      node[part] = (node[part] as Values | undefined) ?? {};
      node = node[part] as Values;
    }
    node[parts[parts.length - 1] as string] = value;
  }
  return input;
}

/**
 * A form checked by a domain zod schema, so "required" and "valid tax number" are the server's
 * own rules: it holds the values, checks them on submit (and on each blur after a first submit),
 * gives each field its translated error (the code the server would answer) and its aria
 * wiring, and after a failed submit moves focus to the error summary (when `attachSummary` is
 * its ref) or to the first invalid field.
 */
export function useSchemaForm<Output, V extends Values>(options: SchemaFormOptions<Output, V>) {
  const { schema, initialValues, idPrefix, ids, messageOf, bodyOf, onValid } = options;
  const { t, i18n } = useTranslation(['errors', 'validation']);
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<keyof V & string, string>>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  // A new object after each failed submit, so focus moves again for the same errors.
  const [attempt, setAttempt] = useState<object | null>(null);
  const summaryNode = useRef<HTMLElement | null>(null);
  // The summary's ref; take it apart (`const { attachSummary, ...form }`) so lint sees no ref in `form`.
  const attachSummary = useCallback((node: HTMLElement | null) => {
    summaryNode.current = node;
  }, []);
  const fields = Object.keys(initialValues) as (keyof V & string)[];
  const idOf = (field: keyof V & string) => ids?.[field] ?? `${idPrefix}-${field}`;

  const message = useCallback(
    (error: ValidationError, field: keyof V & string): string => {
      const own = messageOf?.(error, field);
      if (own !== undefined) return own;
      const translate = t as unknown as Translate;
      const ns = i18n.exists(error.code, { ns: 'errors' }) ? 'errors' : 'validation';
      return translate(error.code, { ...error.params, ns });
    },
    [messageOf, t, i18n],
  );

  /** The values checked: the parsed body, or each field's first error in the form's words. */
  const check = (current: V) => {
    const result = schema.safeParse(bodyOf ? bodyOf(current) : toInput(current));
    if (result.success) return { data: result.data, found: {} };
    const found: Partial<Record<keyof V & string, string>> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.map(String).join('.');
      const field = fields.find((name) => name === path || path.startsWith(`${name}.`));
      if (field && found[field] === undefined) found[field] = message(issueError(issue), field);
    }
    return { data: undefined, found };
  };

  useEffect(() => {
    if (attempt === null) return;
    if (summaryNode.current) {
      summaryNode.current.focus();
      return;
    }
    const first = fields.find((field) => errors[field] !== undefined);
    if (first) document.getElementById(idOf(first))?.focus();
    // Only a new failed submit moves the focus.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const setValue = <K extends keyof V & string>(field: K, value: V[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const { data, found } = check(values);
    setErrors(found);
    if (data === undefined) {
      setAttempt({});
      return;
    }
    onValid(data as Output, values);
  };

  const onBlur = () => {
    if (isSubmitted) setErrors(check(values).found);
  };

  const field = <K extends keyof V & string>(name: K): SchemaFieldProps<V[K]> => {
    const id = idOf(name);
    const error = errors[name];
    return {
      id,
      name,
      value: values[name],
      onChange: (value) => setValue(name, value),
      onBlur,
      error,
      'aria-invalid': error !== undefined ? true : undefined,
      'aria-describedby': error !== undefined ? errorId(id) : undefined,
    };
  };

  const input = <K extends keyof V & string>(name: K): SchemaInputProps => {
    const bound = field(name);
    return {
      id: bound.id,
      name,
      value: String(bound.value ?? ''),
      onChange: (event) => setValue(name, event.target.value as V[K]),
      onBlur,
      error: bound.error,
    };
  };

  const summary: ErrorSummaryItem[] = fields
    .filter((name) => errors[name] !== undefined)
    .map((name) => ({ key: name, message: errors[name], href: `#${idOf(name)}` }));

  return {
    values,
    setValue,
    errors,
    field,
    input,
    summary,
    handleSubmit,
    attachSummary,
  };
}
