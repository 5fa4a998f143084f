import {
  CASE_NOTE_MAX_SIZE,
  CASE_STATUSES,
  type BulkCaseAction,
  type BulkCaseResult,
  type CaseStatus,
} from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../ui/modal-dialog';
import { useErrorMessage } from '../../ui/use-error-message';
import { AssignToMeButton } from './case-action-dialogs';
import { useBulkCaseAction } from './api/bulk-update-cases';
import { useActiveClerks } from './api/list-active-clerks';

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
  const [state, setState] = useState<CaseStatus>('finished');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorMessage = useErrorMessage();

  const run = (action: BulkCaseAction) =>
    bulk.mutate(action, {
      onSuccess: (answer) => onDone(answer.data),
      onError: (failure) =>
        setError(
          errorMessage(failure, failure instanceof Error ? failure.message : String(failure)),
        ),
    });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (kind === 'status' && state === 'canceled' && reason.trim() === '') {
      setError(t('actions.required'));
      return;
    }
    run(
      kind === 'assign'
        ? { action: 'assign', ids, user_id: String(form.get('user_id') ?? '') }
        : {
            action: 'change_state',
            ids,
            state,
            ...(state === 'canceled' ? { reason } : {}),
          },
    );
  };

  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={kind === 'assign' ? t('bulk.assign') : t('bulk.status')}
      closeLabel={t('actions.close')}
    >
      <p className="govgr-body">{t('bulk.selected', { count: ids.length })}</p>
      <form onSubmit={submit} noValidate>
        {error ? (
          <p className="govgr-error-message" role="alert" id="bulk-error">
            {error}
          </p>
        ) : null}
        {kind === 'assign' ? (
          <div className="govgr-form-group">
            <label className="govgr-label" htmlFor="bulk-assignee">
              {t('actions.assignee')}
            </label>
            <select className="govgr-select" id="bulk-assignee" name="user_id" data-autofocus>
              {(clerks.data?.data ?? []).map((clerk) => (
                <option key={clerk.user_id} value={clerk.user_id}>
                  {clerk.user_display_name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <>
            <div className="govgr-form-group">
              <label className="govgr-label" htmlFor="bulk-state">
                {t('actions.state')}
              </label>
              <select
                className="govgr-select"
                id="bulk-state"
                value={state}
                data-autofocus
                onChange={(event) => setState(event.target.value as CaseStatus)}
              >
                {CASE_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {t(`status.${status}`)}
                  </option>
                ))}
              </select>
            </div>
            {state === 'canceled' ? (
              <div className="govgr-form-group">
                <label className="govgr-label" htmlFor="bulk-reason">
                  {t('actions.reason')}
                </label>
                <textarea
                  className="govgr-textarea"
                  id="bulk-reason"
                  rows={3}
                  required
                  maxLength={CASE_NOTE_MAX_SIZE}
                  value={reason}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? 'bulk-error' : undefined}
                  onChange={(event) => setReason(event.target.value)}
                />
              </div>
            ) : null}
          </>
        )}
        <div className="govgr-button-group">
          <button type="submit" className="govgr-btn govgr-btn-primary" disabled={bulk.isPending}>
            {t('actions.save')}
          </button>
          {kind === 'assign' ? (
            <AssignToMeButton
              clerks={clerks.data?.data ?? []}
              isDisabled={bulk.isPending}
              onAssign={(userId) => run({ action: 'assign', ids, user_id: userId })}
            />
          ) : null}
          <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
            {t('actions.cancel')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
