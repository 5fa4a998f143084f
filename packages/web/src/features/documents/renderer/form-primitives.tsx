import type { ReactNode } from 'react';
import type { Locale, StepField } from '@dilosi/domain';
import { Field, FieldError, FieldGroup, FieldHint as KitFieldHint } from '../../../ui/form';
import { MarkdownLite } from './markdown-lite';
import type { FieldComponentProps, FieldErrorView } from './types';
import { useDocumentsText } from './use-renderer-text';

/**
 * What the renderer's fields add to the form kit (ui/form): the label, hint and error of a step
 * field in the page language, and the shells that take a field component's props.
 */

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

/** The hint's lines (plain, markdown, the component's own), or null when there is none. */
function hintLines(field: StepField, locale: Locale, extra?: ReactNode): ReactNode {
  if (!hasHint(field, extra)) return null;
  return (
    <>
      {field.hint ? <span className="dilosi-hint-line">{field.hint[locale]}</span> : null}
      {field.hint_md ? (
        <MarkdownLite text={field.hint_md[locale]} className="dilosi-hint-line" />
      ) : null}
      {extra ? <span className="dilosi-hint-line">{extra}</span> : null}
    </>
  );
}

export function FieldHint({
  id,
  field,
  locale,
  extra,
}: Pick<FieldComponentProps, 'id' | 'field' | 'locale'> & { extra?: ReactNode }) {
  const lines = hintLines(field, locale, extra);
  if (!lines) return null;
  return (
    <KitFieldHint id={id} as="div">
      {lines}
    </KitFieldHint>
  );
}

export function ErrorMessage({ id, error }: { id: string; error?: FieldErrorView | undefined }) {
  const t = useDocumentsText();
  return (
    <FieldError id={id} prefix={t('form.errorPrefix')}>
      {error?.message}
    </FieldError>
  );
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
  const t = useDocumentsText();
  const text = useFieldLabel(props);
  const { id, field, locale, error, isLabelHidden = false } = props;
  return (
    <Field
      id={id}
      label={label ?? text}
      isLabelHidden={isLabelHidden}
      hint={isLabelHidden ? null : hintLines(field, locale, extraHint)}
      hintAs="div"
      error={error?.message}
      errorPrefix={t('form.errorPrefix')}
    >
      {children}
    </Field>
  );
}

/** Controls that belong together (radios, checkboxes, date parts) in a fieldset with a legend. */
export function GroupShell({
  props,
  extraHint,
  children,
}: {
  props: FieldComponentProps;
  extraHint?: ReactNode;
  children: ReactNode;
}) {
  const t = useDocumentsText();
  const text = useFieldLabel(props);
  const { id, field, locale, error, isLabelHidden = false } = props;
  return (
    <FieldGroup
      id={id}
      legend={text}
      isLegendHidden={isLabelHidden}
      hint={isLabelHidden ? null : hintLines(field, locale, extraHint)}
      hintAs="div"
      error={error?.message}
      errorPrefix={t('form.errorPrefix')}
    >
      {children}
    </FieldGroup>
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
