import { canTransition, caseMachine, isOpenCaseStatus, type CaseDetail } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { canAskCorrection } from './correction-dialog';

export type CaseDialog =
  | 'assign'
  | 'status'
  | 'decision'
  | 'correction'
  | 'note'
  | 'message'
  | 'share'
  | 'dismiss'
  | 'reply'
  | 'forward';

/** The action buttons a shortcut stands for (the focus returns to them after the dialog). */
export const CASE_ACTION_IDS = {
  assign: 'case-action-assign',
  status: 'case-action-status',
  note: 'case-action-note',
  message: 'case-action-message',
} as const;
const ACTION_IDS: Partial<Record<CaseDialog, string>> = CASE_ACTION_IDS;

/** The case's actions, each opening its dialog; share and dismiss only where they apply. */
export function CaseActionsBar({
  item,
  onOpen,
}: {
  item: CaseDetail;
  onOpen: (dialog: CaseDialog) => void;
}) {
  const { t } = useTranslation('dashboard');
  const button = (dialog: CaseDialog, label: string, isPrimary = false) => (
    <button
      type="button"
      className={`govgr-btn ${isPrimary ? 'govgr-btn-primary' : 'govgr-btn-secondary'}`}
      id={ACTION_IDS[dialog]}
      onClick={() => onOpen(dialog)}
    >
      {label}
    </button>
  );
  return (
    <div className="dilosi-dashboard-actions" role="group" aria-label={t('case.actionsLabel')}>
      {button('assign', t('actions.assign'), true)}
      {button('status', t('actions.status'))}
      {isOpenCaseStatus(item.inbox_status) ? button('decision', t('caseDecision.open')) : null}
      {canAskCorrection(item) ? button('correction', t('caseCorrection.open')) : null}
      {button('reply', t('actions.reply'))}
      {button('note', t('actions.note'))}
      {button('message', t('actions.message'))}
      {item.document.state === 'issued' ? button('share', t('actions.share')) : null}
      {button('forward', t('forwarding.action'))}
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary"
        onClick={() => window.print()}
      >
        {t('actions.print')}
      </button>
      {!item.dismissed && canTransition(caseMachine, item.inbox_status, 'dismiss')
        ? button('dismiss', t('actions.dismiss'))
        : null}
    </div>
  );
}
