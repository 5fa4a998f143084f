import { z } from 'zod';

/**
 * Typed private annotations of an entity's cases (issue #41): fields a head defines for the
 * entity (or for one of its templates) and its staff fill on each case. They are never shown to
 * the citizen. Each is a filter of the list, and a column of the export.
 */
export const ANNOTATION_KINDS = [
  'yes_no',
  'date',
  'choice',
  'number',
  'text',
  'attachment',
] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];

/** The most fields per entity, the longest label, the most choices and the longest text value. */
export const ANNOTATION_FIELDS_MAX = 30;
export const ANNOTATION_LABEL_MAX = 80;
export const ANNOTATION_CHOICES_MAX = 20;
export const ANNOTATION_CHOICE_MAX = 60;
export const ANNOTATION_TEXT_MAX = 500;
/** The multipart part of an `attachment` annotation's PDF. */
export const ANNOTATION_FILE_FIELD = 'attachment';
/** The list's annotation filter value that matches any value (an attachment field: has a file). */
export const ANNOTATION_ANY_VALUE = '*';

export const annotationFieldSchema = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(ANNOTATION_KINDS),
  /** The choices of a `choice` field, in order; empty for the other kinds. */
  choices: z.array(z.string()),
  /** The template the field is for; null: every case of the entity. */
  template: z.string().nullable(),
  created_at: z.string(),
});
export type AnnotationField = z.infer<typeof annotationFieldSchema>;

export const annotationFieldListSchema = z.object({ data: z.array(annotationFieldSchema) });

/** POST /api/entity/{e}/annotation-fields (heads). */
export const annotationFieldRequestSchema = z
  .object({
    label: z.string().max(ANNOTATION_LABEL_MAX * 2),
    kind: z.enum(ANNOTATION_KINDS),
    choices: z
      .array(z.string().max(ANNOTATION_CHOICE_MAX * 2))
      .max(ANNOTATION_CHOICES_MAX * 2)
      .optional(),
    template: z.string().max(100).nullable().optional(),
  })
  .strict();
export type AnnotationFieldRequest = z.infer<typeof annotationFieldRequestSchema>;

/**
 * One field's value on a case; null when nobody filled it. An `attachment` field's value is its
 * PDF's file name, and `file_size` its size in bytes (null for the other kinds).
 */
export const caseAnnotationSchema = z.object({
  field_id: z.string(),
  value: z.string().nullable(),
  file_size: z.number().nullable(),
  updated_at: z.string().nullable(),
  updated_by_display_name: z.string().nullable(),
});
export type CaseAnnotation = z.infer<typeof caseAnnotationSchema>;

/** GET /api/entity/{e}/inbox/{i}/annotations: the fields that apply to the case, with values. */
export const caseAnnotationsResponseSchema = z.object({
  data: z.object({
    fields: z.array(annotationFieldSchema),
    values: z.array(caseAnnotationSchema),
  }),
});
export type CaseAnnotations = z.infer<typeof caseAnnotationsResponseSchema>['data'];

/** PUT /api/entity/{e}/inbox/{i}/annotations/{fieldId}: a value, or null to clear it. */
export const annotationValueRequestSchema = z
  .object({
    value: z
      .string()
      .max(ANNOTATION_TEXT_MAX * 2)
      .nullable(),
  })
  .strict();

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER = /^-?\d{1,12}(?:\.\d{1,4})?$/;
// Control characters other than line breaks and tabs (a text value may span lines).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/**
 * A value as kept for a field of `kind`: yes/no as `yes` or `no`, a date as YYYY-MM-DD (a real
 * day), a number in plain decimal notation (a comma taken as the decimal point), a choice among
 * the field's, a text of at most 500 characters without control characters. An attachment
 * takes no text: its PDF comes through its own upload. An empty value is null (cleared).
 * `{ error }` names what is wrong (the web shows it beside the field).
 */
export function annotationValue(
  field: Pick<AnnotationField, 'kind' | 'choices'>,
  raw: string | null,
): { value: string | null } | { error: 'annotation_value_invalid' | 'text_too_long' } {
  const text = raw?.trim() ?? '';
  if (text === '') return { value: null };
  const invalid = { error: 'annotation_value_invalid' } as const;
  switch (field.kind) {
    case 'yes_no':
      return text === 'yes' || text === 'no' ? { value: text } : invalid;
    case 'date': {
      const match = DATE.exec(text);
      if (!match) return invalid;
      const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
      const date = new Date(Date.UTC(year, month - 1, day));
      const real =
        year >= 1900 &&
        year <= 2200 &&
        date.getUTCMonth() === month - 1 &&
        date.getUTCDate() === day;
      return real ? { value: text } : invalid;
    }
    case 'number': {
      const plain = text.replace(',', '.');
      if (!NUMBER.test(plain)) return invalid;
      return { value: plain.replace(/^(-?)0+(?=\d)/, '$1') };
    }
    case 'choice':
      return field.choices.includes(text) ? { value: text } : invalid;
    case 'text':
      if (CONTROL.test(text)) return invalid;
      return text.length > ANNOTATION_TEXT_MAX ? { error: 'text_too_long' } : { value: text };
    case 'attachment':
      return invalid;
  }
}

/**
 * The list's `annotation` filter, `{fieldId}:{value}`; null when it is not that shape. The value
 * `*` matches any value (for an attachment field: the cases that have its file).
 */
export function annotationFilter(
  param: string | undefined,
): { fieldId: string; value: string } | null {
  if (!param) return null;
  const at = param.indexOf(':');
  if (at <= 0) return null;
  const fieldId = param.slice(0, at);
  const value = param.slice(at + 1).trim();
  if (!/^[0-9a-f-]{36}$/i.test(fieldId) || value === '' || value.length > 200) return null;
  return { fieldId: fieldId.toLowerCase(), value };
}

/** The list's `field` filter, `{fieldKey}:{text}`; null when it is not that shape. */
export function formFieldFilter(param: string | undefined): { key: string; text: string } | null {
  if (!param) return null;
  const at = param.indexOf(':');
  if (at <= 0) return null;
  const key = param.slice(0, at);
  const text = param.slice(at + 1).trim();
  if (!/^[a-z][a-z0-9_]{0,63}$/.test(key) || text === '' || text.length > 200) return null;
  return { key, text };
}

/** Components whose values a clerk may search: what a person typed or chose, not files or lists. */
export const FILTERABLE_FIELD_COMPONENTS = [
  'afm',
  'amka',
  'choice',
  'radio_choice',
  'text',
  'string',
  'email',
  'date',
  'datetime',
  'iban',
  'landline_phone',
  'mobile_phone',
  'postal_code',
  'integer',
  'rate',
] as const;
