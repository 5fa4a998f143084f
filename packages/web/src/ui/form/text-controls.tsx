import type { ComponentProps, ReactNode } from 'react';
import { Field, hasContent, inputClassName } from './field';
import { controlAria } from './field-ids';

/** What every labelled control takes: its field (label, hint, error) and extra descriptions. */
export type FieldControlProps = {
  id: string;
  label: ReactNode;
  isLabelHidden?: boolean;
  hint?: ReactNode;
  error?: ReactNode;
  errorPrefix?: string | undefined;
  /** Invalid although its message is shown elsewhere (a form-level alert named in `describedBy`). */
  isInvalid?: boolean;
  /** More ids that describe the control, after its hint and error (a form-level alert, a count). */
  describedBy?: string | undefined;
  /** Shown under the control, inside its field (a live character count). */
  after?: ReactNode;
  /** More classes on the field's wrapper. */
  wrapperClassName?: string;
};

type Native<E extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentProps<E>,
  'id' | 'aria-describedby' | 'aria-invalid' | 'className'
>;

/** The field around a control, and the control's classes and aria attributes. */
function fieldControl(base: string, props: FieldControlProps) {
  const hasError = hasContent(props.error);
  const aria = controlAria(props.id, {
    hasHint: hasContent(props.hint),
    hasError,
    ...(props.describedBy ? { extra: props.describedBy } : {}),
  });
  return {
    className: inputClassName(base, hasError),
    aria: { ...aria, 'aria-invalid': hasError || props.isInvalid ? true : undefined } as const,
    wrap: (control: ReactNode) => (
      <Field
        id={props.id}
        label={props.label}
        isLabelHidden={props.isLabelHidden ?? false}
        hint={props.hint}
        error={props.error}
        errorPrefix={props.errorPrefix}
        {...(props.wrapperClassName ? { className: props.wrapperClassName } : {})}
      >
        {control}
        {props.after}
      </Field>
    ),
  };
}

function split<T extends FieldControlProps>(props: T) {
  const {
    id,
    label,
    isLabelHidden,
    hint,
    error,
    errorPrefix,
    isInvalid,
    describedBy,
    after,
    wrapperClassName,
    ...native
  } = props;
  const field: FieldControlProps = {
    id,
    label,
    ...(isLabelHidden !== undefined ? { isLabelHidden } : {}),
    hint,
    error,
    errorPrefix,
    ...(isInvalid !== undefined ? { isInvalid } : {}),
    describedBy,
    after,
    ...(wrapperClassName !== undefined ? { wrapperClassName } : {}),
  };
  return { field, native };
}

/** A GOV.GR text box with its label, hint and error wired in. */
export function TextInput(props: FieldControlProps & Native<'input'>) {
  const { field, native } = split(props);
  const control = fieldControl('govgr-input', field);
  return control.wrap(
    <input id={field.id} className={control.className} {...control.aria} {...native} />,
  );
}

/** A GOV.GR text area with its label, hint and error wired in. */
export function Textarea(props: FieldControlProps & Native<'textarea'>) {
  const { field, native } = split(props);
  const control = fieldControl('govgr-textarea', field);
  return control.wrap(
    <textarea id={field.id} className={control.className} {...control.aria} {...native} />,
  );
}

/** A GOV.GR select with its label, hint and error wired in; the options are its children. */
export function Select(props: FieldControlProps & Native<'select'>) {
  const { field, native } = split(props);
  const control = fieldControl('govgr-select', field);
  return control.wrap(
    <select id={field.id} className={control.className} {...control.aria} {...native} />,
  );
}
