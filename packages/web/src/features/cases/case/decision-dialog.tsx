import {
  CASE_DECISION_REASON_MAX,
  CASE_DECISIONS,
  formatAthensDateTime,
  formatReferenceCode,
  type CaseDecision,
  type CaseDecisionKind,
  type CaseDetail,
} from '@dilosi/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../../api/api-client';
import { FieldGroup, RadioGroup, Select, Textarea } from '../../../ui/form';
import { ConfirmDialog } from '../../../ui/modal-dialog';
import { showToast } from '../../../ui/toasts';
import { useErrorMessage } from '../../../ui/use-error-message';
import { useCaseAction } from '../api/run-case-action';

/**
 * A motivated decision on the case (issue #41, POST .../decision): accept, refuse or close
 * without action, with the reason the citizen reads, and optionally one of the case's issued
 * replies as its supporting document. Offered while the case is open.
 */
export function DecisionDialog({
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
  const [decision, setDecision] = useState<CaseDecisionKind | null>(null);
  const [reason, setReason] = useState('');
  const [documentId, setDocumentId] = useState('');
  const [errors, setErrors] = useState<{ decision?: string; reason?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const issued = item.replies.filter((reply) => reply.state === 'issued' && reply.reference_code);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(decision ? {} : { decision: t('caseDecision.kindRequired') }),
      ...(reason.trim() ? {} : { reason: t('caseDecision.reasonRequired') }),
    };
    setErrors(found);
    if (!decision || Object.keys(found).length > 0) return;
    setFailure(null);
    action.mutate(
      {
        kind: 'decision',
        body: { decision, reason, ...(documentId ? { document_id: documentId } : {}) },
      },
      {
        onSuccess: () => {
          showToast('success', () => t('caseDecision.done'));
          onClose();
        },
        onError: (error) => {
          const field = isApiRequestError(error)
            ? (
                error.data?.invalid_fields as { error_info?: { message?: string } }[] | undefined
              )?.[0]
            : undefined;
          setFailure(field?.error_info?.message ?? errorMessage(error));
        },
      },
    );
  };

  return (
    <ConfirmDialog
      onClose={onClose}
      title={t('caseDecision.open')}
      closeLabel={t('actions.close')}
      failure={failure}
      confirmLabel={t('caseDecision.submit')}
      isConfirmDisabled={action.isPending}
      cancelLabel={t('caseDecision.cancel')}
      onSubmit={onSubmit}
    >
      <FieldGroup id="decision-kind" legend={t('caseDecision.kind')} error={errors.decision}>
        <RadioGroup
          id="decision-kind"
          name="decision-kind"
          value={decision}
          onChange={(value) => {
            setDecision(value);
            setErrors(({ decision: _, ...rest }) => rest);
          }}
          options={CASE_DECISIONS.map((value) => ({
            value,
            label: t(`caseDecision.${value}`),
          }))}
        />
      </FieldGroup>
      <Textarea
        id="decision-reason"
        label={t('caseDecision.reason')}
        hint={t('caseDecision.reasonHint')}
        error={errors.reason}
        rows={5}
        maxLength={CASE_DECISION_REASON_MAX}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <Select
        id="decision-document"
        label={t('caseDecision.document')}
        hint={t('caseDecision.documentHint')}
        value={documentId}
        onChange={(event) => setDocumentId(event.target.value)}
      >
        <option value="">{t('caseDecision.noDocument')}</option>
        {issued.map((reply) => (
          <option key={reply.id} value={reply.id}>
            {reply.reference_code ? formatReferenceCode(reply.reference_code) : ''}
          </option>
        ))}
      </Select>
    </ConfirmDialog>
  );
}

/** The case's decision as the case page shows it: what, why, who and when, and its document. */
export function CaseDecisionPanel({ decision }: { decision: CaseDecision }) {
  const { t } = useTranslation('dashboard');
  return (
    <section className="dilosi-case-decision" aria-labelledby="case-decision-title">
      <h2 id="case-decision-title" className="govgr-heading-s">
        {t('caseDecision.shown', { decision: t(`caseDecision.${decision.decision}`) })}
      </h2>
      <p className="govgr-body dilosi-case-decision__reason">{decision.reason}</p>
      <p className="govgr-hint">
        {t('caseDecision.decidedBy', {
          name: decision.decided_by ?? '—',
          when: formatAthensDateTime(new Date(decision.decided_at)),
        })}
        {decision.document?.reference_code
          ? ` · ${formatReferenceCode(decision.document.reference_code)}`
          : ''}
      </p>
    </section>
  );
}
