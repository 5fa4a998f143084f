export { controlAria, describedBy, errorId, hintId } from './field-ids';
export { Field, FieldError, FieldGroup, FieldHint, fieldClassName, inputClassName } from './field';
export { ErrorSummary, type ErrorSummaryItem } from './error-summary';
export { focusFirstError, useFocusOnErrors } from './use-focus-on-errors';
export { Checkbox, RadioGroup, type RadioOption } from './choice-controls';
export { Select, Textarea, TextInput, type FieldControlProps } from './text-controls';
export {
  useSchemaForm,
  type FormSchema,
  type SchemaFieldProps,
  type SchemaInputProps,
} from './use-schema-form';
