import { isValidAfm, type CaseDetail, type ClerkPermission } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/auth';
import { TextInput, useFocusOnErrors } from '../../ui/form';
import { ConfirmDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { useCaseAction } from './api/run-case-action';

type ShareField = 'firstname' | 'surname' | 'afm';
const FIELDS: readonly ShareField[] = ['firstname', 'surname', 'afm'];

/**
 * Share the case's issued document with a person named by tax number (POST .../action,
 * `share` with one `targets` entry of type person): the person finds it in their mailbox.
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
  const [values, setValues] = useState<Record<ShareField, string>>({
    firstname: '',
    surname: '',
    afm: '',
  });
  const [errors, setErrors] = useState<Partial<Record<ShareField, string>> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { formRef } = useFocusOnErrors(errors);
  const errorMessage = useErrorMessage();

  const check = (): Partial<Record<ShareField, string>> => {
    const found: Partial<Record<ShareField, string>> = {};
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
    if (FIELDS.some((field) => found[field])) {
      // A new object each time: focus goes back to the first invalid field.
      setErrors(found);
      return;
    }
    setErrors(null);
    action.mutate(
      {
        kind: 'action',
        body: {
          action: 'share',
          arguments: {
            targets: [
              {
                type: 'person',
                firstname: values.firstname.trim(),
                surname: values.surname.trim(),
                afm: values.afm.trim(),
              },
            ],
          },
        },
      },
      {
        onSuccess: () => {
          showToast('success', () => t('actions.done.share'));
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('actions.share')}
      closeLabel={t('actions.close')}
      intro={t('actions.shareIntro')}
      failure={failure}
      confirmLabel={t('actions.share')}
      isConfirmDisabled={action.isPending}
      cancelLabel={t('actions.cancel')}
      onSubmit={submit}
      formRef={formRef}
    >
      {FIELDS.map((field) => {
        const id = `share-${field}`;
        const error = errors?.[field];
        return (
          <TextInput
            key={field}
            id={id}
            label={t(`actions.${field}`)}
            error={error}
            name={field}
            autoComplete="off"
            inputMode={field === 'afm' ? 'numeric' : undefined}
            maxLength={field === 'afm' ? 9 : 100}
            value={values[field]}
            onChange={(event) => setValues({ ...values, [field]: event.target.value })}
          />
        );
      })}
    </ConfirmDialog>
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
  const errorMessage = useErrorMessage();
  const confirm = () =>
    action.mutate(
      { kind: 'action', body: { action: 'dismiss' } },
      {
        onSuccess: () => {
          showToast('success', () => t('actions.done.dismiss'));
          onClose();
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('actions.dismiss')}
      closeLabel={t('actions.close')}
      intro={t('actions.dismissConfirm')}
      failure={failure}
      confirmLabel={t('actions.confirm')}
      confirmStyle="warning"
      isConfirmDisabled={action.isPending}
      cancelLabel={t('actions.cancel')}
      onConfirm={confirm}
    />
  );
}

/**
 * "Assign to me" beside an assignee list (the case's and the bulk dialog): shown only when the
 * signed-in person is one of the entity's active clerks, so the server would accept them.
 */
export function AssignToMeButton({
  clerks,
  isDisabled,
  onAssign,
}: {
  clerks: readonly ClerkPermission[];
  isDisabled: boolean;
  onAssign: (userId: string) => void;
}) {
  const { t } = useTranslation('dashboard');
  const { user } = useCurrentUser();
  const me = user ? clerks.find((clerk) => clerk.user_id === user.id) : undefined;
  if (!me) return null;
  return (
    <button
      type="button"
      className="govgr-btn govgr-btn-secondary"
      disabled={isDisabled}
      onClick={() => onAssign(me.user_id)}
    >
      {t('actions.assignToMe')}
    </button>
  );
}
