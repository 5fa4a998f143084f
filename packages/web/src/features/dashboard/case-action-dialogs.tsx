import { isValidAfm, type CaseDetail } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../api/api-client';
import { ModalDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toasts';
import { useCaseAction } from './dashboard-api';

type Field = 'firstname' | 'surname' | 'afm';
const FIELDS: readonly Field[] = ['firstname', 'surname', 'afm'];

/**
 * Share the case's issued document with a person named by tax number (POST .../action,
 * `share`): the person finds it in their mailbox.
 */
export function ShareCaseDialog({
  item,
  entityId,
  onClose,
}: {
  item: CaseDetail;
  entityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'validation']);
  const action = useCaseAction(entityId, item.id);
  const [values, setValues] = useState<Record<Field, string>>({
    firstname: '',
    surname: '',
    afm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    for (const field of FIELDS) {
      if (values[field].trim() === '') found[field] = t('actions.required');
    }
    if (!found.afm && !isValidAfm(values.afm.trim())) {
      found.afm = t('validation:afm_invalid');
    }
    return found;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) {
      document.getElementById(`share-${first}`)?.focus();
      return;
    }
    action.mutate(
      {
        kind: 'action',
        body: {
          action: 'share',
          arguments: {
            firstname: values.firstname.trim(),
            surname: values.surname.trim(),
            afm: values.afm.trim(),
          },
        },
      },
      {
        onSuccess: () => {
          showToast('success', t('actions.done.share'));
          onClose();
        },
        onError: (error) =>
          setFailure(
            isApiRequestError(error) || error instanceof Error ? error.message : String(error),
          ),
      },
    );
  };

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={t('actions.share')}
      closeLabel={t('actions.close')}
    >
      <form onSubmit={submit} noValidate>
        <p className="govgr-body">{t('actions.shareIntro')}</p>
        {failure ? (
          <p className="govgr-error-message" role="alert">
            {failure}
          </p>
        ) : null}
        {FIELDS.map((field) => (
          <div
            key={field}
            className={`govgr-form-group${errors[field] ? ' govgr-form-group--error' : ''}`}
          >
            <label className="govgr-label" htmlFor={`share-${field}`}>
              {t(`actions.${field}`)}
            </label>
            {errors[field] ? (
              <p className="govgr-error-message" id={`share-${field}-error`}>
                {errors[field]}
              </p>
            ) : null}
            <input
              className={`govgr-input${errors[field] ? ' govgr-input--error' : ''}`}
              id={`share-${field}`}
              name={field}
              autoComplete="off"
              inputMode={field === 'afm' ? 'numeric' : undefined}
              maxLength={field === 'afm' ? 9 : 100}
              value={values[field]}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={errors[field] ? `share-${field}-error` : undefined}
              onChange={(event) => setValues({ ...values, [field]: event.target.value })}
            />
          </div>
        ))}
        <div className="govgr-button-group">
          <button type="submit" className="govgr-btn govgr-btn-primary" disabled={action.isPending}>
            {t('actions.share')}
          </button>
          <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
            {t('actions.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Take a closed case off the entity's lists (POST .../action, `dismiss`), after a confirmation. */
export function DismissCaseDialog({
  item,
  entityId,
  onClose,
}: {
  item: CaseDetail;
  entityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const action = useCaseAction(entityId, item.id);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = () =>
    action.mutate(
      { kind: 'action', body: { action: 'dismiss' } },
      {
        onSuccess: () => {
          showToast('success', t('actions.done.dismiss'));
          onClose();
        },
        onError: (error) => setFailure(error instanceof Error ? error.message : String(error)),
      },
    );
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={t('actions.dismiss')}
      closeLabel={t('actions.close')}
    >
      <p className="govgr-body">{t('actions.dismissConfirm')}</p>
      {failure ? (
        <p className="govgr-error-message" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="govgr-button-group">
        <button
          type="button"
          className="govgr-btn govgr-btn-warning"
          disabled={action.isPending}
          onClick={confirm}
        >
          {t('actions.confirm')}
        </button>
        <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
          {t('actions.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
