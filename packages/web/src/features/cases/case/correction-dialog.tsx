import {
  CASE_DECISION_REASON_MAX,
  formatAthensDateTime,
  type CaseCorrection,
  type CaseDetail,
} from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Textarea } from '../../../ui/form';
import { ConfirmDialog } from '../../../ui/modal-dialog';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useCaseAction, useWithdrawCorrection } from '../api/run-case-action';

/** Whether the case's document can be sent back to the citizen for a correction now. */
export function canAskCorrection(item: CaseDetail): boolean {
  const open = item.inbox_status === 'incoming' || item.inbox_status === 'pending';
  const pending = item.correction?.state === 'requested' || item.correction?.state === 'drafted';
  return open && item.document.state === 'issued' && !pending;
}

/** Ask the citizen to correct her document (issue #41, POST .../correction), with the reason. */
export function CorrectionDialog({
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
  const errorMessage = useErrorMessage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t('caseCorrection.reasonRequired'));
      return;
    }
    setError(null);
    action.mutate(
      { kind: 'correction', body: { reason } },
      {
        onSuccess: () => {
          showToast('success', () => t('caseCorrection.done'));
          onClose();
        },
        onError: (failed) => setFailure(errorMessage(failed)),
      },
    );
  };
  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('caseCorrection.open')}
      closeLabel={t('actions.close')}
      intro={t('caseCorrection.intro')}
      failure={failure}
      confirmLabel={t('caseCorrection.submit')}
      isConfirmDisabled={action.isPending}
      cancelLabel={t('actions.cancel')}
      onSubmit={onSubmit}
    >
      <Textarea
        id="correction-reason"
        label={t('caseCorrection.reason')}
        hint={t('caseCorrection.reasonHint')}
        error={error}
        rows={5}
        maxLength={CASE_DECISION_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
    </ConfirmDialog>
  );
}

/** The case's correction as the case page shows it, with "withdraw" while it is open. */
export function CaseCorrectionPanel({
  correction,
  entityId,
  inboxId,
}: {
  correction: CaseCorrection;
  entityId: string;
  inboxId: string;
}) {
  const { t } = useTranslation('dashboard');
  const withdraw = useWithdrawCorrection(entityId, inboxId);
  const errorMessage = useErrorMessage();
  const isOpen = correction.state === 'requested' || correction.state === 'drafted';
  return (
    <section className="dilosi-case-decision" aria-labelledby="case-correction-title">
      <h2 id="case-correction-title" className="govgr-heading-s">
        {t(`caseCorrection.states.${correction.state}`)}
      </h2>
      <p className="govgr-body dilosi-case-decision__reason">{correction.reason}</p>
      <p className="govgr-hint">
        {t('caseDecision.decidedBy', {
          name: correction.requested_by ?? '—',
          when: formatAthensDateTime(new Date(correction.requested_at)),
        })}
      </p>
      {isOpen ? (
        <button
          type="button"
          className="govgr-btn govgr-btn-secondary"
          disabled={withdraw.isPending}
          onClick={() =>
            withdraw.mutate(undefined, {
              onSuccess: () => showToast('success', () => t('caseCorrection.withdrawn')),
              onError: (error) => showToast('error', errorMessage(error)),
            })
          }
        >
          {t('caseCorrection.withdraw')}
        </button>
      ) : null}
    </section>
  );
}
