import elValidation from '@dilosi/domain/i18n/el/validation.json' with { type: 'json' };
import enValidation from '@dilosi/domain/i18n/en/validation.json' with { type: 'json' };
import frValidation from '@dilosi/domain/i18n/fr/validation.json' with { type: 'json' };
import type {
  FieldError,
  InvalidField,
  LocalizedText,
  Locale,
  StepField,
  Template,
  ValidationError,
} from '@dilosi/domain';
import { hasTranslation, registerCatalog, translate } from '../../lib/i18n';

registerCatalog('validation', { el: elValidation, en: enValidation, fr: frValidation });

function isLocalizedText(value: unknown): value is LocalizedText {
  return typeof value === 'object' && value !== null && 'el' in value;
}

/** The field a value path names: `key`, or `key.row.subkey` inside a list. */
function fieldAt(fields: readonly StepField[], path: string): StepField | undefined {
  const [key, , subKey] = path.split('.');
  const field = fields.find((candidate) => candidate.key === key);
  if (!subKey) return field;
  return field?.['list-of']?.fields.find((sub) => sub.key === subKey) ?? field;
}

/**
 * A field error's message in the request's language: a `custom` error carries its own texts;
 * the template's api_validation texts override; then the validation catalog; a code it does
 * not know gets 'The value of the field "{label}" is not valid.'.
 */
export function fieldErrorMessage(
  error: ValidationError,
  field: StepField | undefined,
  template: Template,
  locale: Locale,
): string {
  if (error.code === 'custom' && isLocalizedText(error.params)) return error.params[locale];
  const override = template.i18n.api_validation?.[error.code];
  if (override) return override[locale];
  if (hasTranslation('validation', error.code)) {
    return translate(locale, 'validation', error.code, error.params);
  }
  return translate(locale, 'validation', 'field_invalid', { label: field?.label[locale] ?? '' });
}

export function toInvalidFields(
  errors: readonly FieldError[],
  fields: readonly StepField[],
  template: Template,
  locale: Locale,
): InvalidField[] {
  return errors.map(({ field, error }) => ({
    invalid_field: field,
    error_info: {
      code: error.code,
      message: fieldErrorMessage(error, fieldAt(fields, field), template, locale),
      ...(error.params ? { params: error.params } : {}),
    },
  }));
}

export { invalidFieldsError } from '../../lib/uploads/check-uploads';
