import {
  isInputField,
  normalizeUpper,
  type ApiDocument,
  type AttachmentValue,
  type InvalidField,
  type StepField,
  type StepInfo,
  type ValidationError,
} from '@dilosi/domain';
import type { AttachmentState, StepSubmission } from './types';

/** The keys of the form's fields: fieldsets in fieldset-order, then field-order keys left over. */
export function formFieldKeys(step: StepInfo): { fieldsets: string[]; loose: string[] } {
  const fieldsets = step['fieldset-order'].filter((key) => step.fieldsets[key]);
  const inFieldsets = new Set(fieldsets.flatMap((key) => step.fieldsets[key]?.fields ?? []));
  const loose = step['field-order'].filter((key) => !inFieldsets.has(key));
  return { fieldsets, loose };
}

export function allFormFieldKeys(step: StepInfo): string[] {
  const { fieldsets, loose } = formFieldKeys(step);
  return [...fieldsets.flatMap((key) => step.fieldsets[key]?.fields ?? []), ...loose];
}

/** Whether the citizen edits this field here (an input, editable, not shown for reading only). */
export function isEditableInput(field: StepField): boolean {
  return field.editable && isInputField(field);
}

/** The value a component starts with when the document has none. */
export function emptyValue(field: StepField): unknown {
  switch (field.component) {
    case 'checkbox':
      return false;
    case 'multiple_choice':
    case 'preference_multiple_choice':
    case 'hierarchical_select':
    case 'list_of':
      return [];
    case 'recipient':
      return null;
    default:
      return '';
  }
}

function existingAttachments(document: ApiDocument, field: StepField): AttachmentValue[] {
  const stored = document.attachments[field.key];
  if (stored) return stored;
  return Array.isArray(field.value) ? (field.value as AttachmentValue[]) : [];
}

/** A new row of a list: each sub-field's default (or empty) value. */
export function newListRow(field: StepField): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  for (const sub of field['list-of']?.fields ?? []) {
    row[sub.key] = sub.value ?? emptyValue(sub);
  }
  return row;
}

function initialListRows(field: StepField): Record<string, unknown>[] {
  const list = field['list-of'];
  const rows = Array.isArray(field.value)
    ? (field.value as unknown[]).map((row) => ({
        ...newListRow(field),
        ...(typeof row === 'object' && row !== null ? (row as Record<string, unknown>) : {}),
      }))
    : [];
  const min = list?.solo || field.required ? 1 : 0;
  while (rows.length < min) rows.push(newListRow(field));
  return list?.solo ? rows.slice(0, 1) : rows;
}

/** The form's starting values: every field of the step, from step_info.fields[key].value. */
export function initialValues(document: ApiDocument): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(document.step_info.fields)) {
    if (field.component === 'attachment') {
      values[key] = { keep: existingAttachments(document, field), files: [] } as AttachmentState;
    } else if (field.component === 'list_of') {
      values[key] = initialListRows(field);
    } else {
      values[key] = field.value ?? emptyValue(field);
    }
  }
  return values;
}

export function isAttachmentState(value: unknown): value is AttachmentState {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as AttachmentState).keep) &&
    Array.isArray((value as AttachmentState).files)
  );
}

/** Sizes of the files of each attachment field, as validateValues reads them. */
export function attachmentSizes(
  fields: readonly StepField[],
  values: Record<string, unknown>,
): Record<string, { size: number }[]> {
  const sizes: Record<string, { size: number }[]> = {};
  for (const field of fields) {
    const value = values[field.key];
    if (field.component !== 'attachment' || !isAttachmentState(value)) continue;
    sizes[field.key] = [...value.keep, ...value.files].map((file) => ({ size: file.size }));
  }
  return sizes;
}

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

function listRows(field: StepField, value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return [];
  const subs = (field['list-of']?.fields ?? []).filter(isEditableInput);
  return value.map((row: Record<string, unknown>) => {
    const cells: Record<string, unknown> = {};
    for (const sub of subs) {
      if (!isBlank(row[sub.key])) cells[sub.key] = row[sub.key];
    }
    return cells;
  });
}

/**
 * What is sent (spec section 5): the editable input fields' values; an empty string only when the
 * field had a value before (the citizen cleared it); files apart from the statements.
 */
export function buildSubmission(
  action: StepSubmission['action'],
  fields: readonly StepField[],
  values: Record<string, unknown>,
): StepSubmission {
  const submission: StepSubmission = { action, statements: {}, files: {}, keep: {} };
  for (const field of fields) {
    if (!isEditableInput(field)) continue;
    const value = values[field.key];
    if (field.component === 'attachment') {
      if (!isAttachmentState(value)) continue;
      submission.files[field.key] = value.files;
      submission.keep[field.key] = value.keep.map((file) => ({ file_id: file.file_id }));
      continue;
    }
    if (field.component === 'list_of') {
      submission.statements[field.key] = listRows(field, value);
      continue;
    }
    const hadValue = !isBlank(field.value);
    if (isBlank(value)) {
      if (hadValue) submission.statements[field.key] = '';
      continue;
    }
    submission.statements[field.key] = value;
  }
  return submission;
}

/** Upper-cases (accents removed) the string value of a normalize_upper field. */
export function normalizeOnBlur(field: StepField, value: unknown): unknown {
  return field.normalize_upper && typeof value === 'string' ? normalizeUpper(value) : value;
}

/** A server invalid_fields entry as a field error. */
export function serverFieldError(invalid: InvalidField): {
  field: string;
  error: ValidationError & { message?: string | undefined };
} {
  const params = Object.fromEntries(
    Object.entries(invalid.error_info.params ?? {}).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
  return {
    field: invalid.invalid_field,
    error: {
      code: invalid.error_info.code,
      ...(Object.keys(params).length > 0 ? { params } : {}),
      message: invalid.error_info.message,
    },
  };
}

/** The DOM id of a value path's control: `field-key`, `field-list-0-sub`. */
export function fieldDomId(path: string): string {
  return `field-${path.replace(/\./g, '-')}`;
}

/** The step field a value path belongs to (`key` or `list.row.sub`). */
export function fieldForPath(
  fields: Record<string, StepField>,
  path: string,
): StepField | undefined {
  const [key = '', , sub] = path.split('.');
  const field = fields[key];
  if (!field || sub === undefined) return field;
  return field['list-of']?.fields.find((candidate) => candidate.key === sub) ?? field;
}
