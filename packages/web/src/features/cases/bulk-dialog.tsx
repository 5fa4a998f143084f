import { CASE_NOTE_MAX_SIZE, type BulkCaseAction, type BulkCaseResult } from '@dilosi/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../ui/modal-dialog';
import { useErrorMessage } from '../../ui/use-error-message';
import { useBulkCaseAction } from './api/bulk-update-cases';
import { useActiveClerks } from './api/list-active-clerks';
import { CaseActionForm, type CaseActionValues } from './case-action-form';

/** The bulk request from the form's values (assign or status only). */
function actionOf(ids: string[], values: CaseActionValues): BulkCaseAction | null {
  if (values.kind === 'assign') return { action: 'assign', ids, user_id: values.userId };
  if (values.kind !== 'status') return null;
  return {
    action: 'change_state',
    ids,
    state: values.state,
    ...(values.state === 'canceled' ? { reason: values.reason } : {}),
  };
}

/**
 * Assign, or set the status of, the selected cases. The server changes each case on its own (a
 * history row each) and answers what happened to every one: `onDone` gets that summary.
 */
export function BulkDialog({
  kind,
  entityId,
  ids,
  onClose,
  onDone,
}: {
  kind: 'assign' | 'status';
  entityId: string;
  ids: string[];
  onClose: () => void;
  onDone: (result: BulkCaseResult) => void;
}) {
  const { t } = useTranslation('dashboard');
  const clerks = useActiveClerks(entityId, kind === 'assign');
  const bulk = useBulkCaseAction(entityId);
  const [error, setError] = useState<string | null>(null);
  const errorMessage = useErrorMessage();

  const run = (values: CaseActionValues) => {
    const action = actionOf(ids, values);
    if (!action) return;
    bulk.mutate(action, {
      onSuccess: (answer) => onDone(answer.data),
      onError: (failure) =>
        setError(
          errorMessage(failure, failure instanceof Error ? failure.message : String(failure)),
        ),
    });
  };

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={kind === 'assign' ? t('bulk.assign') : t('bulk.status')}
      closeLabel={t('actions.close')}
    >
      <p className="govgr-body">{t('bulk.selected', { count: ids.length })}</p>
      <CaseActionForm
        kind={kind}
        idPrefix="bulk"
        clerks={clerks.data?.data ?? []}
        initialState="finished"
        textRows={3}
        reasonMaxLength={CASE_NOTE_MAX_SIZE}
        isAutoFocused
        error={error}
        isPending={bulk.isPending}
        onSubmit={run}
        onCancel={onClose}
      />
    </ModalDialog>
  );
}
