import type { ComponentType } from 'react';
import type { AttachmentValue, Locale, StepAction, StepField } from '@dilosi/domain';

/** What the renderer hands to the page when the citizen sends a step that passed validation. */
export type StepSubmission = {
  action: StepAction;
  /** Values of the step's editable input fields (list_of as arrays of row objects). */
  statements: Record<string, unknown>;
  /** New files per attachment field key (index = position). */
  files: Record<string, File[]>;
  /** Existing attachments to keep per field. */
  keep: Record<string, { file_id: string }[]>;
};

/** The form value of an attachment field: files already stored and files picked now. */
export type AttachmentState = { keep: AttachmentValue[]; files: File[] };

/** A field's current error, already translated. */
export type FieldErrorView = { code: string; message: string };

/** What every component of the registry receives. */
export type FieldComponentProps = {
  field: StepField;
  /** DOM id of the control the label (and an error summary link) points to. */
  id: string;
  /** Path of the value: `key`, or `list.row.subkey` inside a list. */
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  /** Upper-cases normalize_upper fields. */
  onBlur?: () => void;
  error?: FieldErrorView | undefined;
  /** Errors of the whole step by path, for components holding rows (list_of). */
  errors: ReadonlyMap<string, FieldErrorView>;
  locale: Locale;
  /** Every field of the step and the current values, for components that show other fields. */
  fields: Record<string, StepField>;
  values: Record<string, unknown>;
  /** The label is read by assistive technology only (table cells). */
  isLabelHidden?: boolean;
  /** The accessible label, when it differs from the field label (table cells). */
  labelText?: string;
  /** Choice values taken by other rows of a unique list column. */
  excludedChoices?: readonly string[];
};

export type FieldComponent = ComponentType<FieldComponentProps>;
