import { useTranslation } from 'react-i18next';

/** Shown while cases are selected: how many, and what can be done to them all at once. */
export function InboxBulkBar({
  count,
  onAssign,
  onStatus,
  onDismiss,
  onClear,
}: {
  count: number;
  onAssign: () => void;
  onStatus: () => void;
  /** Issue #41: the selected closed cases to the bin (open ones are refused, each named). */
  onDismiss: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dilosi-dashboard-bulk" role="group" aria-label={t('bulk.label')}>
      <p className="govgr-body">{t('bulk.selected', { count })}</p>
      <button type="button" className="govgr-btn govgr-btn-primary" onClick={onAssign}>
        {t('bulk.assign')}
      </button>
      <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onStatus}>
        {t('bulk.status')}
      </button>
      <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onDismiss}>
        {t('bulk.dismiss')}
      </button>
      <button type="button" className="govgr-link" onClick={onClear}>
        {t('bulk.clear')}
      </button>
    </div>
  );
}
