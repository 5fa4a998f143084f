import './renderer.css';
import { createElement, useRef, useState, type FormEvent } from 'react';
import {
  DISPLAY_ONLY_COMPONENTS,
  validateValues,
  type ApiDocument,
  type FieldError,
  type InvalidField,
  type Locale,
  type StepAction,
  type StepField,
} from '@dilosi/domain';
import { ErrorSummary, useFocusOnErrors, type ErrorSummaryItem } from '../../../ui/form';
import { PageHeading } from '../../../ui/page-heading';
import { resolveFieldComponent } from './field-registry';
import { RenderFieldContext } from './field-slot';
import { TechnicalError } from './form-primitives';
import {
  allFormFieldKeys,
  attachmentSizes,
  buildSubmission,
  fieldDomId,
  fieldForPath,
  formFieldKeys,
  initialValues,
  isEditableInput,
  normalizeOnBlur,
  serverFieldError,
} from './form-values';
import { MarkdownLite } from './markdown-lite';
import { ListTable, readableValue, StepElements } from './step-elements';
import type { FieldComponentProps, FieldErrorView, StepSubmission } from './types';
import { useDocumentsText, useValidationMessage } from './use-renderer-text';

export type StepRendererProps = {
  document: ApiDocument;
  onSubmit: (submission: StepSubmission) => void;
  /** Shown as the back button next to the title when step_info['back-step'] is set. */
  onBack?: () => void;
  /** From a 400 invalid_fields: shown like the form's own errors. */
  serverErrors?: InvalidField[];
  isSubmitting?: boolean;
  locale: Locale;
};

/** A field shown for reading: its label and value, no control. */
function ReadOnlyField({ field, value, locale, id }: FieldComponentProps) {
  if (field.component === 'hidden') return null;
  if (field.component === 'list_of') {
    return (
      <div className="govgr-field" id={id}>
        <ListTable field={field} rows={value} locale={locale} />
      </div>
    );
  }
  return (
    <dl className="govgr-field dilosi-readonly" id={id}>
      <dt className="govgr-label">{field.label[locale]}</dt>
      <dd className="govgr-body dilosi-readonly__value">{readableValue(field, value, locale)}</dd>
    </dl>
  );
}

function UnknownComponent({ field }: { field: StepField }) {
  const t = useDocumentsText();
  return (
    <TechnicalError>
      {t('technical.cannotResolveComponent')}: <code>{String(field.component)}</code>
    </TechnicalError>
  );
}

function NoComponent({ field }: { field: StepField }) {
  const t = useDocumentsText();
  return <TechnicalError>{t('technical.hasNoComponent', { name: field.key })}</TechnicalError>;
}

/** The slot every field goes through: read-only text, the registry's component, or an error. */
function FieldSlot(props: FieldComponentProps) {
  const { field } = props;
  const isDisplayOnly = DISPLAY_ONLY_COMPONENTS.includes(field.component);
  const isReadOnlyList = field.component === 'list_of' && field['list-of']?.readonly;
  if (!isDisplayOnly && (!isEditableInput(field) || isReadOnlyList)) {
    return <ReadOnlyField {...props} />;
  }
  if (!(field.component as string | undefined)) return <NoComponent field={field} />;
  const Component = resolveFieldComponent(field.component);
  if (!Component) return <UnknownComponent field={field} />;
  // A registry lookup, not a component made during render: the same function for the same name.
  return createElement(Component, props);
}

function renderFieldSlot(props: FieldComponentProps) {
  return <FieldSlot {...props} />;
}

/** Actions that only ask the server for something (a new SMS code): the form is not checked. */
const UNCHECKED_ACTIONS: readonly StepAction[] = ['resend_otp'];

/** The first action the Enter key sends (the form's default button). */
function defaultAction(document: ApiDocument): StepAction {
  return document.step_info.actions.find((action) => action.key !== 'back')?.key ?? 'next';
}

function StepForm({
  document,
  onSubmit,
  onBack,
  serverErrors,
  isSubmitting = false,
  locale,
}: StepRendererProps) {
  const t = useDocumentsText();
  const message = useValidationMessage(locale);
  const step = document.step_info;
  const [values, setValues] = useState(() => initialValues(document));
  const [clientErrors, setClientErrors] = useState<FieldError[] | null>(null);
  // Server errors answered to an earlier submission are not shown again once the citizen resends.
  const [settledServerErrors, setSettledServerErrors] = useState<InvalidField[] | undefined>();
  const pendingAction = useRef<StepAction | null>(null);

  const formKeys = allFormFieldKeys(step);
  const stepFields = formKeys.flatMap((key) => (step.fields[key] ? [step.fields[key]] : []));
  const editableFields = stepFields.filter(isEditableInput);

  const shownErrors: FieldError[] =
    clientErrors ??
    (serverErrors && serverErrors !== settledServerErrors
      ? serverErrors.map(serverFieldError)
      : []);
  const errors = new Map<string, FieldErrorView>();
  for (const { field: path, error } of shownErrors) {
    if (errors.has(path)) continue;
    const label = fieldForPath(step.fields, path)?.label[locale] ?? path;
    errors.set(path, { code: error.code, message: message(error, label) });
  }
  const summary: ErrorSummaryItem[] = [...errors].map(([path, error]) => {
    const field = fieldForPath(step.fields, path);
    return {
      key: path,
      href: `#${fieldDomId(path)}`,
      message: field ? `${field.label[locale]}: ${error.message}` : error.message,
    };
  });

  // Each failed check, and each answer with invalid fields, brings a new list: focus again.
  const { summaryRef, formRef } = useFocusOnErrors(
    summary.length > 0 ? (clientErrors ?? serverErrors) : null,
  );

  const setValue = (key: string, value: unknown) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = pendingAction.current ?? defaultAction(document);
    pendingAction.current = null;
    if (isSubmitting) return;
    if (UNCHECKED_ACTIONS.includes(action)) {
      onSubmit(buildSubmission(action, editableFields, values));
      return;
    }
    const found = validateValues(editableFields, values, step.rules, {
      now: new Date(),
      attachments: attachmentSizes(editableFields, values),
    });
    if (found.length > 0) {
      setClientErrors(found);
      return;
    }
    setClientErrors(null);
    setSettledServerErrors(serverErrors);
    onSubmit(buildSubmission(action, editableFields, values));
  };

  const fieldProps = (field: StepField): FieldComponentProps => ({
    field,
    id: fieldDomId(field.key),
    path: field.key,
    value: values[field.key],
    onChange: (value) => setValue(field.key, value),
    onBlur: field.normalize_upper
      ? () =>
          setValues((current) => ({
            ...current,
            [field.key]: normalizeOnBlur(field, current[field.key]),
          }))
      : undefined,
    error: errors.get(field.key),
    errors,
    locale,
    fields: step.fields,
    // Texts that show other fields (dynamic_text, diff) may name fields of earlier steps.
    values: { ...document.statements, ...values },
  });

  const renderKey = (key: string) => {
    const field = step.fields[key];
    if (!field) {
      return (
        <TechnicalError key={key}>{t('technical.missingComponent', { name: key })}</TechnicalError>
      );
    }
    return (
      <div key={key} className={field.layout === 'half' ? 'dilosi-field--half' : undefined}>
        <FieldSlot {...fieldProps(field)} />
      </div>
    );
  };

  const { loose } = formFieldKeys(step);
  const elementsContext = { locale, fields: step.fields, values, preview: step.preview };
  const canGoBack = Boolean(step['back-step'] && onBack);

  return (
    <RenderFieldContext.Provider value={renderFieldSlot}>
      <div className="dilosi-step">
        {summary.length > 0 ? (
          <ErrorSummary
            ref={summaryRef}
            title={t('form.errorSummaryTitle')}
            titleId="step-error-summary-title"
            items={summary}
          />
        ) : null}
        {canGoBack ? (
          <button type="button" className="govgr-back-link dilosi-back-button" onClick={onBack}>
            {t('step.back')}
          </button>
        ) : null}
        <PageHeading>{step.title[locale]}</PageHeading>
        <StepElements elements={step.elements} context={elementsContext} />
        <form
          ref={formRef}
          className="govgr-form dilosi-step-form"
          noValidate
          aria-busy={isSubmitting || undefined}
          onSubmit={onFormSubmit}
        >
          {step['fieldset-order'].map((fieldsetKey) => {
            const fieldset = step.fieldsets[fieldsetKey];
            if (!fieldset) {
              return (
                <TechnicalError key={fieldsetKey}>
                  {t('technical.itemNotFound', { name: fieldsetKey })}
                </TechnicalError>
              );
            }
            const content = (
              <>
                {fieldset.text ? <MarkdownLite text={fieldset.text[locale]} /> : null}
                {fieldset.fields.map(renderKey)}
              </>
            );
            return fieldset.title ? (
              <fieldset key={fieldsetKey} className="govgr-fieldset dilosi-step-fieldset">
                <legend className="govgr-fieldset__legend govgr-heading-m">
                  {fieldset.title[locale]}
                </legend>
                {content}
              </fieldset>
            ) : (
              <div key={fieldsetKey} className="dilosi-step-fieldset">
                {content}
              </div>
            );
          })}
          {loose.map(renderKey)}
          <StepElements elements={step.footer} context={elementsContext} />
          {step.actions.length > 0 ? (
            <div className="govgr-button-group dilosi-step-actions">
              {step.actions.map((action) =>
                action.key === 'back' ? (
                  onBack ? (
                    <button
                      key={action.key}
                      type="button"
                      className="govgr-btn govgr-btn-secondary"
                      onClick={onBack}
                    >
                      {action.label[locale]}
                    </button>
                  ) : null
                ) : (
                  <button
                    key={action.key}
                    type="submit"
                    className={`govgr-btn ${action.primary ? 'govgr-btn-primary' : 'govgr-btn-secondary'}`}
                    disabled={isSubmitting}
                    formNoValidate={UNCHECKED_ACTIONS.includes(action.key) || undefined}
                    onClick={() => {
                      pendingAction.current = action.key;
                    }}
                  >
                    {action.label[locale]}
                  </button>
                ),
              )}
            </div>
          ) : null}
        </form>
      </div>
    </RenderFieldContext.Provider>
  );
}

/**
 * The generic step renderer (DESIGN section 6): whatever step the server returns, its title,
 * elements, fieldsets of fields (one registry component each), footer and actions. The form
 * runs the same validateValues as the server before it calls onSubmit.
 */
/**
 * What makes a document's step unrenderable (spec section 8, technical messages): no step
 * metadata at all, or a step that is not the one the document is at.
 */
export function stepProblem(document: ApiDocument): 'invalidTemplateFormat' | 'invalidStep' | null {
  const info: Partial<ApiDocument['step_info']> | undefined = document.step_info;
  if (!info || !Array.isArray(info['field-order']) || !Array.isArray(info['fieldset-order'])) {
    return 'invalidTemplateFormat';
  }
  return info.key === document.step_name ? null : 'invalidStep';
}

export function StepRenderer(props: StepRendererProps) {
  const { document } = props;
  const t = useDocumentsText();
  const problem = stepProblem(document);
  if (problem) return <TechnicalError>{t(`technical.${problem}`)}</TechnicalError>;
  // A new step, or the same step saved again, starts from the server's values.
  const formKey = `${document.id}:${document.step_name}:${document['digest-sha256']}`;
  return <StepForm key={formKey} {...props} />;
}
