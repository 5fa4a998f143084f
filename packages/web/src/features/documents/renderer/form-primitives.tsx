import type { MouseEvent, ReactNode, Ref } from 'react';
import type { StepField } from '@dilosi/domain';
import { MarkdownLite } from './markdown-lite';
import type { FieldComponentProps, FieldErrorView } from './types';
import { useDocumentsText } from './use-renderer-text';

/**
 * The form primitives every field component is built from: label, hint, error message wired with
 * aria-describedby and aria-invalid, the GOV.GR error classes, the error summary.
 */

export function hintId(id: string): string {
  return `${id}-hint`;
}
export function errorId(id: string): string {
  return `${id}-error`;
}

/** The aria attributes of a control of a field with (maybe) a hint and an error. */
export function controlAria(
  id: string,
  {
    hasHint,
    error,
    extra,
  }: { hasHint: boolean; error?: FieldErrorView | undefined; extra?: string },
) {
  const describedBy = [hasHint ? hintId(id) : null, error ? errorId(id) : null, extra ?? null]
    .filter(Boolean)
    .join(' ');
  return {
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error ? true : undefined,
  } as const;
}

/** The label text: the field's label in the page language, optional fields marked in words. */
export function useFieldLabel(props: FieldComponentProps, { markOptional = true } = {}): string {
  const t = useDocumentsText();
  if (props.labelText) return props.labelText;
  const label = props.field.label[props.locale];
  return markOptional && !props.field.required ? `${label} ${t('form.optional')}` : label;
}

export function hasHint(field: StepField, extraHint?: ReactNode): boolean {
  return Boolean(field.hint || field.hint_md || extraHint);
}

export function FieldHint({
  id,
  field,
  locale,
  extra,
}: Pick<FieldComponentProps, 'id' | 'field' | 'locale'> & { extra?: ReactNode }) {
  if (!hasHint(field, extra)) return null;
  return (
    <div id={hintId(id)} className="govgr-hint">
      {field.hint ? <span className="dilosi-hint-line">{field.hint[locale]}</span> : null}
      {field.hint_md ? (
        <MarkdownLite text={field.hint_md[locale]} className="dilosi-hint-line" />
      ) : null}
      {extra ? <span className="dilosi-hint-line">{extra}</span> : null}
    </div>
  );
}

export function ErrorMessage({ id, error }: { id: string; error?: FieldErrorView | undefined }) {
  const t = useDocumentsText();
  if (!error) return null;
  return (
    <p id={errorId(id)} className="govgr-error-message">
      <span className="govgr-visually-hidden">{t('form.errorPrefix')} </span>
      {error.message}
    </p>
  );
}

export function fieldClassName(error: FieldErrorView | undefined, extra = ''): string {
  return ['govgr-field', error ? 'govgr-field__error' : '', extra].filter(Boolean).join(' ');
}

export function inputClassName(base: string, error: FieldErrorView | undefined): string {
  return error ? `${base} govgr-error-input` : base;
}

/** One control with its label above, hint and error message. */
export function FieldShell({
  props,
  extraHint,
  label,
  children,
}: {
  props: FieldComponentProps;
  extraHint?: ReactNode;
  label?: string;
  children: ReactNode;
}) {
  const text = useFieldLabel(props);
  const { id, field, locale, error, isLabelHidden } = props;
  return (
    <div className={fieldClassName(error)}>
      <label className={isLabelHidden ? 'govgr-visually-hidden' : 'govgr-label'} htmlFor={id}>
        {label ?? text}
      </label>
      {isLabelHidden ? null : <FieldHint id={id} field={field} locale={locale} extra={extraHint} />}
      <ErrorMessage id={id} error={error} />
      {children}
    </div>
  );
}

/** Controls that belong together (radios, checkboxes, date parts) in a fieldset with a legend. */
export function GroupShell({
  props,
  extraHint,
  children,
  legendClassName = 'govgr-fieldset__legend govgr-heading-s',
}: {
  props: FieldComponentProps;
  extraHint?: ReactNode;
  children: ReactNode;
  legendClassName?: string;
}) {
  const text = useFieldLabel(props);
  const { id, field, locale, error, isLabelHidden } = props;
  return (
    <div className={fieldClassName(error)}>
      <fieldset
        className="govgr-fieldset"
        aria-describedby={
          [hasHint(field, extraHint) && !isLabelHidden ? hintId(id) : '', error ? errorId(id) : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      >
        <legend className={isLabelHidden ? 'govgr-visually-hidden' : legendClassName}>
          {text}
        </legend>
        {isLabelHidden ? null : (
          <FieldHint id={id} field={field} locale={locale} extra={extraHint} />
        )}
        <ErrorMessage id={id} error={error} />
        {children}
      </fieldset>
    </div>
  );
}

/** A spec section 8 technical error, visible where the component would be. */
export function TechnicalError({ children }: { children: ReactNode }) {
  return (
    <div className="govgr-warning-text dilosi-technical-error" role="status">
      <span className="govgr-warning-text__icon" aria-hidden="true">
        !
      </span>
      <strong className="govgr-warning-text__text">{children}</strong>
    </div>
  );
}

export type SummaryError = { path: string; href: string; message: string };

/** GOV.GR error summary: a title and one link per error; a link moves focus to its control. */
export function ErrorSummary({
  errors,
  ref,
}: {
  errors: SummaryError[];
  ref: Ref<HTMLDivElement>;
}) {
  const t = useDocumentsText();
  const onLinkClick = (event: MouseEvent<HTMLAnchorElement>, href: string) => {
    const target = document.getElementById(href.slice(1));
    if (!target) return;
    event.preventDefault();
    const container = target.closest('.govgr-field') ?? target;
    container.scrollIntoView?.({ block: 'start' });
    target.focus({ preventScroll: true });
  };
  return (
    <div
      ref={ref}
      className="govgr-error-summary"
      role="alert"
      tabIndex={-1}
      aria-labelledby="step-error-summary-title"
    >
      <h2 id="step-error-summary-title" className="govgr-heading-m">
        {t('form.errorSummaryTitle')}
      </h2>
      <ul className="govgr-list">
        {errors.map((error) => (
          <li key={error.path}>
            <a
              className="govgr-link"
              href={error.href}
              onClick={(event) => onLinkClick(event, error.href)}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
