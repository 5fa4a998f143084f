import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPLY_CASE_STATUSES, type ReplyCaseStatus } from '@dilosi/domain';
import { FieldGroup } from '../../ui/form';
import { ModalDialog } from '../../ui/modal-dialog';

/**
 * The reply-confirm dialog (spec section 2, dialogs): issuing an entity's document seals it on
 * the entity's behalf and sends it to the citizen at once, so the clerk confirms first. A reply
 * to a case also says what becomes of the case (the template's declaration, `caseStatus`), and
 * the clerk may choose otherwise.
 */
export function ReplyConfirmDialog({
  purpose,
  caseStatus,
  isSubmitting,
  onConfirm,
  onClose,
}: {
  purpose: 'reply' | 'issue';
  /** A reply to a case: what issuing it does to the case unless the clerk chooses otherwise. */
  caseStatus?: ReplyCaseStatus | undefined;
  isSubmitting: boolean;
  onConfirm: (caseStatus: ReplyCaseStatus | undefined) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('wizard');
  const [chosen, setChosen] = useState<ReplyCaseStatus | undefined>(caseStatus);
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={t(purpose === 'reply' ? 'entity.confirmReplyTitle' : 'entity.confirmIssueTitle')}
      closeLabel={t('entity.close')}
    >
      <p className="govgr-body">{t('entity.confirmText')}</p>
      {chosen ? (
        <>
          <p className="govgr-body" aria-live="polite">
            <strong>
              {chosen === 'none'
                ? t('entity.caseStays')
                : t('entity.caseWillBecome', { status: t(`entity.caseStatus.${chosen}`) })}
            </strong>
          </p>
          <FieldGroup
            id="reply-case-status"
            legend={t('entity.caseStatusLegend')}
            legendClassName="govgr-fieldset__legend govgr-heading-s"
          >
            <div className="govgr-radios">
              {REPLY_CASE_STATUSES.map((status) => (
                <div key={status} className="govgr-radios__item">
                  <input
                    className="govgr-radios__input"
                    type="radio"
                    id={`reply-case-status-${status}`}
                    name="reply_case_status"
                    checked={chosen === status}
                    onChange={() => setChosen(status)}
                  />
                  <label
                    className="govgr-label govgr-radios__label"
                    htmlFor={`reply-case-status-${status}`}
                  >
                    {t(`entity.caseStatus.${status}`)}
                  </label>
                </div>
              ))}
            </div>
          </FieldGroup>
        </>
      ) : null}
      <div className="govgr-button-group">
        <button
          type="button"
          className="govgr-btn govgr-btn-primary"
          onClick={() => onConfirm(chosen)}
          disabled={isSubmitting}
        >
          {t('entity.confirm')}
        </button>
        <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onClose}>
          {t('entity.cancel')}
        </button>
      </div>
    </ModalDialog>
  );
}
