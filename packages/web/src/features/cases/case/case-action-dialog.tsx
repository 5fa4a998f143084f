import { CASE_STATUSES, COMMUNICATIONS_MESSAGE_MAX_SIZE, type CaseDetail } from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/api-client';
import { ModalDialog } from '../../../ui/modal-dialog';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useActiveClerks } from '../api/list-active-clerks';
import { useCaseAction, type CaseAction } from '../api/run-case-action';
import { AssignToMeButton } from '../case-action-dialogs';
import type { CaseDialog } from './case-actions-bar';

/** The dialog of assign, status, note or message on one case. */
export function ActionDialog({
  kind,
  item,
  entityId,
  onClose,
}: {
  kind: Extract<CaseDialog, 'assign' | 'status' | 'note' | 'message'>;
  item: CaseDetail;
  entityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const action = useCaseAction(entityId, item.id);
  const clerks = useActiveClerks(entityId, kind === 'assign');
  const [state, setState] = useState<string>(item.inbox_status);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorMessage = useErrorMessage();
  const titles = {
    assign: 'actions.assign',
    status: 'actions.status',
    note: 'actions.note',
    message: 'actions.message',
  } as const;
  const textRequired =
    kind === 'note' || kind === 'message' || (kind === 'status' && state === 'canceled');

  const run = (request: Exclude<CaseAction, { kind: 'action' }>) =>
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

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    if (textRequired && text.trim() === '') {
      setError(t('actions.required'));
      return;
    }
    if (kind === 'assign')
      run({ kind: 'assign', body: { user_id: String(form.get('user_id') ?? '') } });
    else if (kind === 'status') {
      run({ kind: 'change_state', body: { state, ...(text.trim() ? { reason: text } : {}) } });
    } else if (kind === 'note') run({ kind: 'comments', body: { comment: text } });
    else run({ kind: 'communications', body: { message: text } });
  };

  return (
    <ModalDialog isOpen onClose={onClose} title={t(titles[kind])} closeLabel={t('actions.close')}>
      <form onSubmit={submit} noValidate>
        {error ? (
          <p className="govgr-error-message" role="alert" id="action-error">
            {error}
          </p>
        ) : null}
        {kind === 'assign' ? (
          <div className="govgr-form-group">
            <label className="govgr-label" htmlFor="action-assignee">
              {t('actions.assignee')}
            </label>
            <select
              className="govgr-select"
              id="action-assignee"
              name="user_id"
              defaultValue={item.assignee ?? undefined}
            >
              {(clerks.data?.data ?? []).map((clerk) => (
                <option key={clerk.user_id} value={clerk.user_id}>
                  {clerk.user_display_name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {kind === 'status' ? (
          <div className="govgr-form-group">
            <label className="govgr-label" htmlFor="action-state">
              {t('actions.state')}
            </label>
            <select
              className="govgr-select"
              id="action-state"
              value={state}
              onChange={(e) => setState(e.target.value)}
            >
              {CASE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {kind !== 'assign' && (kind !== 'status' || state === 'canceled') ? (
          <div className="govgr-form-group">
            <label className="govgr-label" htmlFor="action-text">
              {kind === 'status'
                ? t('actions.reason')
                : kind === 'note'
                  ? t('actions.comment')
                  : t('actions.messageText')}
            </label>
            <textarea
              className="govgr-textarea"
              id="action-text"
              rows={4}
              value={text}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={
                [error ? 'action-error' : '', kind === 'message' ? 'action-count' : '']
                  .join(' ')
                  .trim() || undefined
              }
              maxLength={kind === 'message' ? COMMUNICATIONS_MESSAGE_MAX_SIZE : undefined}
              onChange={(event) => setText(event.target.value)}
            />
            {kind === 'message' ? (
              <p className="govgr-hint" id="action-count" aria-live="polite">
                {t('actions.chars', { count: text.length, max: COMMUNICATIONS_MESSAGE_MAX_SIZE })}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="govgr-button-group">
          <button type="submit" className="govgr-btn govgr-btn-primary" disabled={action.isPending}>
            {kind === 'message' ? t('actions.send') : t('actions.save')}
          </button>
          {kind === 'assign' ? (
            <AssignToMeButton
              clerks={clerks.data?.data ?? []}
              isDisabled={action.isPending}
              onAssign={(userId) => run({ kind: 'assign', body: { user_id: userId } })}
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
