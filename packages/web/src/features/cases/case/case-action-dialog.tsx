import type { CaseDetail } from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/api-client';
import { ModalDialog } from '../../../ui/modal-dialog';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useActiveClerks } from '../api/list-active-clerks';
import { useCaseAction, type CaseAction } from '../api/run-case-action';
import { CaseActionForm, type CaseActionKind, type CaseActionValues } from '../case-action-form';

const TITLES = {
  assign: 'actions.assign',
  status: 'actions.status',
  note: 'actions.note',
  message: 'actions.message',
} as const;

/** The request of one case's action from the form's values. */
function requestOf(
  values: CaseActionValues,
): Exclude<CaseAction, { kind: 'action' | 'decision' | 'correction' }> {
  switch (values.kind) {
    case 'assign':
      return { kind: 'assign', body: { user_id: values.userId } };
    case 'status':
      return {
        kind: 'change_state',
        body: { state: values.state, ...(values.reason.trim() ? { reason: values.reason } : {}) },
      };
    case 'note':
      return { kind: 'comments', body: { comment: values.text } };
    case 'message':
      return { kind: 'communications', body: { message: values.text } };
  }
}

/** The dialog of assign, status, note or message on one case. */
export function ActionDialog({
  kind,
  item,
  entityId,
  onClose,
}: {
  kind: CaseActionKind;
  item: CaseDetail;
  entityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const action = useCaseAction(entityId, item.id);
  const clerks = useActiveClerks(entityId, kind === 'assign');
  const [error, setError] = useState<string | null>(null);
  const errorMessage = useErrorMessage();

  const run = (values: CaseActionValues) => {
    const request = requestOf(values);
    action.mutate(request, {
      onSuccess: () => {
        showToast('success', () => t(`actions.done.${request.kind}`));
        onClose();
      },
      onError: (failure) => {
        const field = isApiRequestError(failure)
          ? (
              failure.data?.invalid_fields as { error_info?: { message?: string } }[] | undefined
            )?.[0]
          : undefined;
        setError(
          field?.error_info?.message ??
            errorMessage(failure, failure instanceof Error ? failure.message : String(failure)),
        );
      },
    });
  };

  return (
    <ModalDialog isOpen onClose={onClose} title={t(TITLES[kind])} closeLabel={t('actions.close')}>
      <CaseActionForm
        kind={kind}
        idPrefix="action"
        clerks={clerks.data?.data ?? []}
        initialAssignee={item.assignee ?? undefined}
        initialState={item.inbox_status}
        error={error}
        isPending={action.isPending}
        onSubmit={run}
        onCancel={onClose}
      />
    </ModalDialog>
  );
}
