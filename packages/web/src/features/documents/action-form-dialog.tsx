import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValidationError } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import {
  controlAria,
  ErrorSummary,
  Field,
  FieldGroup,
  inputClassName,
  useFocusOnErrors,
} from '../../ui/form';
import { ModalDialog } from '../../ui/modal-dialog';

/** One input of an action's dialog. */
export type ActionField = {
  name: string;
  label: string;
  hint?: string;
  kind: 'text' | 'email' | 'radio';
  required: boolean;
  initial?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  /** Radio options. */
  options?: { value: string; label: string }[];
  /** A format check from domain (validateAfm, validateEmail). */
  validate?: (value: string) => ValidationError | null;
};

type FieldErrors = Record<string, string>;

type ActionFormDialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  /** Shown above the inputs; a warning is also read with the dialog's title. */
  text?: ReactNode;
  warning?: string;
  fields: ActionField[];
  submitLabel: string;
  isWarning?: boolean;
  isSubmitting: boolean;
  /** Called with the checked values; rejects with the server's error to show it here. */
  onSubmit: (values: Record<string, string>) => Promise<unknown>;
};

/**
 * The dialog of a document action (spec section 2, dialogs share and action confirm): inputs
 * checked before sending (all required ones filled, formats as the server checks them), errors
 * in the GOV.GR pattern (a summary linking to each field, the message above the input), and the
 * server's invalid_fields shown the same way.
 */
export function ActionFormDialog({
  isOpen,
  onClose,
  title,
  text,
  warning,
  fields,
  submitLabel,
  isWarning = false,
  isSubmitting,
  onSubmit,
}: ActionFormDialogProps) {
  const { t } = useTranslation('wizard');
  const { t: tValidation } = useTranslation('validation');
  const formId = useId();
  const warningId = `${formId}-warning`;
  const initial = () =>
    Object.fromEntries(fields.map((field) => [field.name, field.initial ?? '']));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const summary = Object.entries(errors);
  // Each failed check or answer sets a new errors object: the summary takes the focus again.
  const { summaryRef, formRef } = useFocusOnErrors(summary.length > 0 ? errors : null);

  const close = () => {
    setValues(initial());
    setErrors({});
    onClose();
  };

  const controlId = (name: string) => `${formId}-${name}`;
  const message = (error: ValidationError, label: string) =>
    (tValidation as unknown as (key: string, options?: object) => string)(error.code, {
      label,
      ...error.params,
    });

  const onFormSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isSubmitting) return;
    const found: FieldErrors = {};
    for (const field of fields) {
      const value = (values[field.name] ?? '').trim();
      if (field.required && value === '') {
        found[field.name] = message({ code: 'required' }, field.label);
        continue;
      }
      const invalid = value === '' ? null : (field.validate?.(value) ?? null);
      if (invalid) found[field.name] = message(invalid, field.label);
    }
    if (Object.keys(found).length > 0) {
      setErrors(found);
      return;
    }
    setErrors({});
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([name, value]) => [name, value.trim()]),
    );
    onSubmit(trimmed).then(
      () => close(),
      (error: unknown) => {
        const invalid = isApiRequestError(error) ? error.data?.invalid_fields : undefined;
        if (!invalid || invalid.length === 0) return;
        const fromServer: FieldErrors = {};
        for (const entry of invalid) {
          // `share` answers about `targets[0].afm`: the dialog's one person.
          const name = entry.invalid_field.replace(/^targets\[\d+\]\./, '');
          const field = fields.find((candidate) => candidate.name === name);
          const label = field?.label ?? entry.invalid_field;
          fromServer[field ? field.name : '_form'] =
            entry.error_info.message ||
            message({ code: entry.error_info.code } as ValidationError, label);
        }
        setErrors(fromServer);
      },
    );
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={close}
      title={title}
      closeLabel={t('dialogs.close')}
      describedBy={warning ? warningId : undefined}
    >
      {summary.length > 0 ? (
        <ErrorSummary
          ref={summaryRef}
          title={t('dialogs.errorSummary')}
          titleId={`${formId}-summary`}
          headingLevel={3}
          headingClassName="govgr-heading-s"
          items={summary.map(([name, error]) => ({
            key: name,
            message: error,
            href: fields.some((field) => field.name === name) ? `#${controlId(name)}` : undefined,
          }))}
        />
      ) : null}
      {warning ? (
        <div className="govgr-warning-text" id={warningId}>
          <span className="govgr-warning-text__icon" aria-hidden="true">
            !
          </span>
          <strong className="govgr-warning-text__text">{warning}</strong>
        </div>
      ) : null}
      {text ? <div className="govgr-body">{text}</div> : null}
      <form ref={formRef} className="govgr-form" noValidate onSubmit={onFormSubmit}>
        {fields.map((field, index) => {
          const id = controlId(field.name);
          const error = errors[field.name];
          const hasError = Boolean(error);
          const errorPrefix = t('dialogs.errorPrefix');
          if (field.kind === 'radio') {
            return (
              <FieldGroup
                key={field.name}
                id={id}
                legend={field.label}
                hint={field.hint}
                error={error}
                errorPrefix={errorPrefix}
              >
                <div className="govgr-radios" id={id} tabIndex={-1}>
                  {(field.options ?? []).map((option, optionIndex) => (
                    <div key={option.value} className="govgr-radios__item">
                      <label className="govgr-radios__label">
                        <input
                          className="govgr-radios__input"
                          type="radio"
                          name={field.name}
                          value={option.value}
                          checked={values[field.name] === option.value}
                          data-autofocus={index === 0 && optionIndex === 0 ? true : undefined}
                          onChange={() =>
                            setValues((current) => ({ ...current, [field.name]: option.value }))
                          }
                        />
                        {option.label}
                      </label>
                    </div>
                  ))}
                </div>
              </FieldGroup>
            );
          }
          return (
            <Field
              key={field.name}
              id={id}
              label={field.label}
              hint={field.hint}
              error={error}
              errorPrefix={errorPrefix}
            >
              <input
                id={id}
                name={field.name}
                type={field.kind === 'email' ? 'email' : 'text'}
                className={inputClassName('govgr-input', hasError)}
                value={values[field.name] ?? ''}
                autoComplete={field.autoComplete}
                inputMode={field.inputMode}
                spellCheck={false}
                {...controlAria(id, { hasHint: Boolean(field.hint), hasError })}
                data-autofocus={index === 0 ? true : undefined}
                onChange={(event) =>
                  setValues((current) => ({ ...current, [field.name]: event.target.value }))
                }
              />
            </Field>
          );
        })}
        <div className="govgr-button-group">
          <button
            type="submit"
            className={`govgr-btn ${isWarning ? 'govgr-btn-warning' : 'govgr-btn-primary'}`}
            disabled={isSubmitting}
          >
            {submitLabel}
          </button>
          <button type="button" className="govgr-btn govgr-btn-secondary" onClick={close}>
            {t('dialogs.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
