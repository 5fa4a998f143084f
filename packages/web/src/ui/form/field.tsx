import type { ReactNode } from 'react';
import { errorId, describedBy, hintId } from './field-ids';

/** Whether a hint or an error was given (an empty one is none). */
export function hasContent(node: ReactNode): boolean {
  return node !== null && node !== undefined && node !== false && node !== '';
}

/** The GOV.GR classes of a field's wrapper: red rule on the left when it has an error. */
export function fieldClassName(hasError: boolean, extra = ''): string {
  return ['govgr-field', hasError ? 'govgr-field__error' : '', extra].filter(Boolean).join(' ');
}

/** A control's classes with the GOV.GR error border when it has an error. */
export function inputClassName(base: string, hasError: boolean): string {
  return hasError ? `${base} govgr-error-input` : base;
}

/** The hint under a label; `div` when it holds blocks (markdown), `p` for one sentence. */
export function FieldHint({
  id,
  as: Tag = 'p',
  children,
}: {
  id: string;
  as?: 'p' | 'div';
  children: ReactNode;
}) {
  return (
    <Tag id={hintId(id)} className="govgr-hint">
      {children}
    </Tag>
  );
}

/** The error message above a control; `prefix` ("Error:") is read by screen readers only. */
export function FieldError({
  id,
  prefix,
  children,
}: {
  id: string;
  prefix?: string | undefined;
  children: ReactNode;
}) {
  if (!hasContent(children)) return null;
  return (
    <p id={errorId(id)} className="govgr-error-message">
      {prefix ? <span className="govgr-visually-hidden">{prefix} </span> : null}
      {children}
    </p>
  );
}

type ShellProps = {
  /** The id of the control (or of the group's focus target): the other ids derive from it. */
  id: string;
  /** Shown only when there is one; the control names it with `controlAria(id, …)`. */
  hint?: ReactNode;
  hintAs?: 'p' | 'div';
  error?: ReactNode;
  errorPrefix?: string | undefined;
  /** More classes on the wrapper. */
  className?: string;
  children: ReactNode;
};

/** One control with its label above, then its hint and error message (GOV.GR order). */
export function Field({
  id,
  label,
  isLabelHidden = false,
  hint,
  hintAs,
  error,
  errorPrefix,
  className,
  children,
}: ShellProps & { label: ReactNode; isLabelHidden?: boolean }) {
  return (
    <div className={fieldClassName(hasContent(error), className)}>
      <label className={isLabelHidden ? 'govgr-visually-hidden' : 'govgr-label'} htmlFor={id}>
        {label}
      </label>
      {hasContent(hint) ? (
        <FieldHint id={id} as={hintAs}>
          {hint}
        </FieldHint>
      ) : null}
      <FieldError id={id} prefix={errorPrefix}>
        {error}
      </FieldError>
      {children}
    </div>
  );
}

/**
 * Controls that belong together (radios, checkboxes, date parts) in a fieldset whose legend is
 * the question; the fieldset is described by the hint and the error.
 */
export function FieldGroup({
  id,
  legend,
  legendClassName = 'govgr-fieldset__legend govgr-heading-s',
  isLegendHidden = false,
  hint,
  hintAs,
  error,
  errorPrefix,
  className,
  children,
}: ShellProps & { legend: ReactNode; legendClassName?: string; isLegendHidden?: boolean }) {
  const isHinted = hasContent(hint);
  const isInvalid = hasContent(error);
  return (
    <div className={fieldClassName(isInvalid, className)}>
      <fieldset
        className="govgr-fieldset"
        aria-describedby={describedBy(isHinted && hintId(id), isInvalid && errorId(id))}
      >
        <legend className={isLegendHidden ? 'govgr-visually-hidden' : legendClassName}>
          {legend}
        </legend>
        {isHinted ? (
          <FieldHint id={id} as={hintAs}>
            {hint}
          </FieldHint>
        ) : null}
        <FieldError id={id} prefix={errorPrefix}>
          {error}
        </FieldError>
        {children}
      </fieldset>
    </div>
  );
}
