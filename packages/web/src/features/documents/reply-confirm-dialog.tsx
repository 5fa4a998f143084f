import { useTranslation } from 'react-i18next';
import { ModalDialog } from '../../ui/modal-dialog';

/**
 * The reply-confirm dialog (spec section 2, dialogs): issuing an entity's document seals it on
 * the entity's behalf and sends it to the citizen at once, so the clerk confirms first.
 */
export function ReplyConfirmDialog({
  purpose,
  isSubmitting,
  onConfirm,
  onClose,
}: {
  purpose: 'reply' | 'issue';
  isSubmitting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('wizard');
  return (
    <ModalDialog
      isOpen
      onClose={onClose}
      title={t(purpose === 'reply' ? 'entity.confirmReplyTitle' : 'entity.confirmIssueTitle')}
      closeLabel={t('entity.close')}
    >
      <p className="govgr-body">{t('entity.confirmText')}</p>
      <div className="govgr-button-group">
        <button
          type="button"
          className="govgr-btn govgr-btn-primary"
          onClick={onConfirm}
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
