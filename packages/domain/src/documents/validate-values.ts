import { recipientSchema, type AttachmentValue, type StepField } from './api-document';
import type { HierarchyNode, TemplateRuleRef } from '../templates/template-schema';
import { DISPLAY_ONLY_COMPONENTS } from '../templates/template-schema';
import { runTemplateRules } from '../templates/rules/index';
import { validateField, type FieldValidationParams } from '../validators/validate-field';
import { isMissingValue, normalizeUpper } from '../validators/text';
import { validateEmail } from '../validators/email';
import { validateRateSum } from '../validators/number';
import type { ValidationError } from '../validators/validation-error';

/**
 * One check of a step's values, run by the web form before it sends and by the server before it
 * saves: both answer the same errors for the same input (spec section 5).
 */

/** A failed field: the path of the value (`key`, or `key.row.subkey` inside a list) and its error. */
export type FieldError = { field: string; error: ValidationError };

export type ValidateValuesContext = {
  now: Date;
  /** Files already attached or being uploaded, by field key. */
  attachments?: Record<string, readonly Pick<AttachmentValue, 'size'>[]>;
};

/** What a component's value looks like once normalised; `undefined` when it has none. */
export function normalizeFieldValue(field: StepField, value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = field.component === 'text' ? value : value.trim();
    return field.normalize_upper ? normalizeUpper(trimmed) : trimmed;
  }
  return value;
}

/** Whether the citizen gives this field a value (not display-only, not hidden from input). */
export function isInputField(field: StepField): boolean {
  if (DISPLAY_ONLY_COMPONENTS.includes(field.component)) return false;
  const mode = field['user-input-mode'];
  return mode !== 'display' && mode !== 'noinput';
}

function validationParams(field: StepField, now: Date): FieldValidationParams {
  const params = field['component-params'];
  return {
    required: field.required,
    max_length: params.max_length,
    min: params.min,
    max: params.max,
    now,
    allowed_countries: params.allowed_countries,
    country_code: params.country_code,
  };
}

const FORMAT_COMPONENT: Partial<Record<StepField['component'], string>> = {
  three_block_date: 'date',
  five_block_date: 'datetime',
};

function choiceValues(field: StepField): Set<string> {
  return new Set((field.choices ?? []).map((choice) => choice.value));
}

function isPathInTree(path: readonly unknown[], tree: readonly HierarchyNode[]): boolean {
  let level: readonly HierarchyNode[] | undefined = tree;
  for (const value of path) {
    const node: HierarchyNode | undefined = level?.find((candidate) => candidate.value === value);
    if (!node) return false;
    level = node.children;
  }
  return path.length > 0 && (level === undefined || level.length === 0);
}

function error(code: string, params?: Record<string, string | number>): ValidationError {
  return params ? { code, params } : { code };
}

/** The first error of one field's value, lists excepted (see validateValues). */
export function validateFieldValue(
  field: StepField,
  rawValue: unknown,
  context: ValidateValuesContext,
): ValidationError | null {
  const value = normalizeFieldValue(field, rawValue);
  const params = field['component-params'];
  switch (field.component) {
    case 'attachment': {
      const files = context.attachments?.[field.key] ?? [];
      if (field.required && files.length === 0) return error('required');
      const maxFiles = params.max_files ?? 1;
      if (files.length > maxFiles) return error('files_too_many', { max: maxFiles });
      return null;
    }
    case 'checkbox':
      if (value !== undefined && value !== null && typeof value !== 'boolean') {
        return error('choice_invalid');
      }
      return field.required && value !== true ? error('required') : null;
    case 'choice':
    case 'radio_choice':
      if (isMissingValue(value)) return field.required ? error('required') : null;
      return typeof value === 'string' && choiceValues(field).has(value)
        ? null
        : error('choice_invalid');
    case 'multiple_choice':
    case 'preference_multiple_choice': {
      // An optional field may stay empty; its min_choices applies once something is chosen.
      if (isMissingValue(value)) return field.required ? error('required') : null;
      if (!Array.isArray(value)) return error('choice_invalid');
      const allowed = choiceValues(field);
      if (value.some((entry) => typeof entry !== 'string' || !allowed.has(entry))) {
        return error('choice_invalid');
      }
      if (new Set(value).size !== value.length) return error('choice_invalid');
      const min = params.min_choices ?? (field.required ? 1 : 0);
      if (value.length < min) return error('choices_too_few', { min });
      if (params.max_choices !== undefined && value.length > params.max_choices) {
        return error('choices_too_many', { max: params.max_choices });
      }
      return null;
    }
    case 'hierarchical_select':
      if (isMissingValue(value)) return field.required ? error('required') : null;
      if (!params.tree && params.dataset) {
        // The web reads a dataset level by level, without its tree: it checks the shape; the
        // server, which holds the tree, checks the whole path.
        return Array.isArray(value) && value.every((part) => typeof part === 'string' && part)
          ? null
          : error('choice_invalid');
      }
      return Array.isArray(value) && isPathInTree(value, params.tree ?? [])
        ? null
        : error('choice_invalid');
    case 'recipient': {
      if (value === undefined || value === null || value === '') {
        return field.required ? error('recipient_required') : null;
      }
      const parsed = recipientSchema.safeParse(value);
      if (!parsed.success) return error('recipient_invalid');
      if (parsed.data.type === 'custom') {
        if (parsed.data.name.trim() === '') return error('recipient_invalid');
        return parsed.data.email ? validateEmail(parsed.data.email) : null;
      }
      return null;
    }
    case 'list_of':
      return null;
    default: {
      if (value !== undefined && value !== null && typeof value !== 'string') {
        return error('value_invalid');
      }
      const component = FORMAT_COMPONENT[field.component] ?? field.component;
      return validateField(component, value, validationParams(field, context.now));
    }
  }
}

function validateList(
  field: StepField,
  value: unknown,
  context: ValidateValuesContext,
): FieldError[] {
  const list = field['list-of'];
  if (!list) return [];
  if (value !== undefined && value !== null && !Array.isArray(value)) {
    return [{ field: field.key, error: error('value_invalid') }];
  }
  const rows = (value ?? []) as unknown[];
  const min = field.required ? 1 : 0;
  if (rows.length < min) return [{ field: field.key, error: error('list_too_few', { min }) }];
  if (rows.length > list.multiplicity) {
    return [{ field: field.key, error: error('list_too_many', { max: list.multiplicity }) }];
  }
  const errors: FieldError[] = [];
  const seen = new Map<string, number>();
  const uniqueKey = list['multiplicity-unique'];
  rows.forEach((row, index) => {
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      errors.push({ field: `${field.key}.${index}`, error: error('value_invalid') });
      return;
    }
    const cells = row as Record<string, unknown>;
    for (const sub of list.fields) {
      if (!isInputField(sub)) continue;
      const failure = validateFieldValue(sub, cells[sub.key], context);
      if (failure) errors.push({ field: `${field.key}.${index}.${sub.key}`, error: failure });
    }
    if (uniqueKey) {
      const cell = cells[uniqueKey];
      const sub = list.fields.find((candidate) => candidate.key === uniqueKey);
      const normalized = sub ? normalizeFieldValue(sub, cell) : cell;
      if (typeof normalized === 'string' && normalized !== '') {
        if (seen.has(normalized)) {
          errors.push({
            field: `${field.key}.${index}.${uniqueKey}`,
            error: error('list_duplicate'),
          });
        } else {
          seen.set(normalized, index);
        }
      }
    }
  });
  return errors;
}

/**
 * Checks the values of the given fields (the editable fields of one step), then the step's
 * template rules. Field errors come first, in field order; a rule adds an error only to a field
 * that has none yet.
 */
export function validateValues(
  fields: readonly StepField[],
  values: Record<string, unknown>,
  rules: readonly TemplateRuleRef[],
  context: ValidateValuesContext,
): FieldError[] {
  const errors: FieldError[] = [];
  for (const field of fields) {
    if (!field.editable || !isInputField(field)) continue;
    if (field.component === 'list_of') {
      errors.push(...validateList(field, values[field.key], context));
      continue;
    }
    const failure = validateFieldValue(field, values[field.key], context);
    if (failure) {
      errors.push({ field: field.key, error: failure });
      continue;
    }
    const dependencies = field['component-params'].dependencies;
    // An empty optional rate adds nothing: the sum is checked on the rates that were given.
    if (field.component === 'rate' && dependencies && !isMissingValue(values[field.key])) {
      const rates = [field.key, ...dependencies]
        .map((key) => values[key])
        .filter((rate): rate is string => typeof rate === 'string' && rate.trim() !== '')
        // A rate may use a decimal comma (validateRate accepts it): '33,5' is 33.5, not NaN.
        .map((rate) => Number(rate.trim().replace(',', '.')));
      // A malformed dependency reports its own rate_invalid; the sum counts only real numbers.
      const validRates = rates.filter((rate) => Number.isFinite(rate));
      const sum = validateRateSum(validRates);
      if (sum) {
        const custom = field['component-params']['dependencies-error-message'];
        errors.push({ field: field.key, error: custom ? { code: 'custom', params: custom } : sum });
      }
    }
  }
  const failed = new Set(errors.map((entry) => entry.field));
  for (const ruleError of runTemplateRules(rules, values, {
    now: context.now,
    ...(context.attachments ? { attachments: context.attachments } : {}),
  })) {
    if (!failed.has(ruleError.field)) {
      errors.push(ruleError);
      failed.add(ruleError.field);
    }
  }
  return errors;
}
