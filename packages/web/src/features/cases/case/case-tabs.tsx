import type { CaseDetail } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { RepliesTab } from '../case-replies';
import { CaseDetailsTab } from './case-details-tab';
import { CaseHistoryTab } from './case-history-tab';
import { CaseMessagesTab } from './case-messages-tab';
import { CaseNotesTab } from './case-notes-tab';
import { CaseOpinionsTab } from './case-opinions-tab';

export const CASE_TABS = [
  'details',
  'notes',
  'replies',
  'messages',
  'history',
  'opinions',
] as const;
export type CaseTabName = (typeof CASE_TABS)[number];

/** The tab asked for in the address (`?show=replies`), else the details. */
export const caseTabOf = (asked: string | null): CaseTabName =>
  CASE_TABS.find((name) => name === asked) ?? 'details';

/**
 * The case's tabs, each with its count, and the open one's panel (the WAI-ARIA tabs pattern:
 * arrows, Home and End move between tabs).
 */
export function CaseTabs({
  item,
  entityId,
  inboxId,
  tab,
  onTab,
}: {
  item: CaseDetail;
  entityId: string;
  /** As the address has it: the tabs are asked for by it, as the case was. */
  inboxId: string;
  tab: CaseTabName;
  onTab: (tab: CaseTabName) => void;
}) {
  const { t } = useTranslation('dashboard');
  // Opinions (issue #41) are counted on their tab, not in the case's answer.
  const counts: Partial<Record<CaseTabName, number>> = {
    details: item.document.attachments.length,
    notes: item.counts.notes,
    replies: item.counts.replies,
    messages: item.counts.messages,
    history: item.counts.history,
  };
  const count = CASE_TABS.length;
  return (
    <>
      <div
        role="tablist"
        aria-label={t('case.tabs.label')}
        className="dilosi-case-tabs"
        onKeyDown={(event) => {
          const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
          const move = moves[event.key];
          const edge = event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : null;
          if (move === undefined && edge === null) return;
          event.preventDefault();
          const next = edge ?? (CASE_TABS.indexOf(tab) + (move ?? 0) + count) % count;
          const name = CASE_TABS[next] ?? 'details';
          onTab(name);
          document.getElementById(`case-tab-${name}`)?.focus();
        }}
      >
        {CASE_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`case-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="case-tabpanel"
            tabIndex={tab === name ? 0 : -1}
            className="dilosi-case-tab"
            onClick={() => onTab(name)}
          >
            {t(`case.tabs.${name}`)}
            {counts[name] === undefined ? '' : ` (${counts[name]})`}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="case-tabpanel"
        className="dilosi-case-tabpanel"
        aria-labelledby={`case-tab-${tab}`}
        tabIndex={0}
      >
        {tab === 'details' ? <CaseDetailsTab item={item} entityId={entityId} /> : null}
        {tab === 'notes' ? <CaseNotesTab entityId={entityId} inboxId={inboxId} /> : null}
        {tab === 'replies' ? <RepliesTab item={item} entityId={entityId} /> : null}
        {tab === 'messages' ? <CaseMessagesTab entityId={entityId} inboxId={inboxId} /> : null}
        {tab === 'history' ? <CaseHistoryTab entityId={entityId} inboxId={inboxId} /> : null}
        {tab === 'opinions' ? (
          <CaseOpinionsTab entityId={entityId} inboxId={item.id} editable={!item.dismissed} />
        ) : null}
      </div>
    </>
  );
}
