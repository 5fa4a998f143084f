import { shareCaseFormSchema, type CaseDetail, type ClerkPermission } from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../api/auth';
import { TextInput, useSchemaForm } from '../../ui/form';
import { ConfirmDialog } from '../../ui/modal-dialog';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { useCaseAction } from './api/run-case-action';

const SHARE_FIELDS = ['firstname', 'surname', 'afm'] as const;

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
  const { t } = useTranslation('dashboard');
  const action = useCaseAction(entityId, item.id);
  const [failure, setFailure] = useState<string | null>(null);
  const errorMessage = useErrorMessage();
  // "Required" and "valid tax number" are the domain's, the checks the server makes again.
  const form = useSchemaForm({
    schema: shareCaseFormSchema,
    initialValues: { firstname: '', surname: '', afm: '' },
    idPrefix: 'share',
    messageOf: (error) => (error.code === 'required' ? t('actions.required') : undefined),
    onValid: (person) =>
      action.mutate(
        {
          kind: 'action',
          body: { action: 'share', arguments: { targets: [{ type: 'person', ...person }] } },
        },
        {
          onSuccess: () => {
            showToast('success', () => t('actions.done.share'));
            onClose();
          },
          onError: (error) => setFailure(errorMessage(error)),
        },
      ),
  });

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
      onSubmit={form.handleSubmit}
    >
      {SHARE_FIELDS.map((field) => (
        <TextInput
          key={field}
          label={t(`actions.${field}`)}
          autoComplete="off"
          inputMode={field === 'afm' ? 'numeric' : undefined}
          maxLength={field === 'afm' ? 9 : 100}
          {...form.input(field)}
        />
      ))}
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
