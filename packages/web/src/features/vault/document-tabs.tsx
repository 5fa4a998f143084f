import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessLogSection } from './access-log-section';
import { DocumentHistorySection } from './document-history-section';

const TABS = ['accessLog', 'history'] as const;
type TabName = (typeof TABS)[number];

/**
 * The document's records as tabs (the WAI-ARIA tabs pattern: arrows, Home and End move between
 * tabs): who looked at it, and its history. Only the open tab's panel is rendered and fetched.
 */
export function DocumentTabs({
  referenceCode,
  documentId,
}: {
  referenceCode: string;
  documentId: string;
}) {
  const { t } = useTranslation('vault');
  const [tab, setTab] = useState<TabName>('accessLog');
  const labels: Record<TabName, string> = {
    accessLog: t('history.accessLogTab'),
    history: t('history.tab'),
  };
  const count = TABS.length;
  return (
    <div className="dilosi-vault-tabs">
      <div
        role="tablist"
        aria-label={t('history.tabsLabel')}
        className="dilosi-vault-tabs__list"
        onKeyDown={(event) => {
          const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
          const move = moves[event.key];
          const edge = event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : null;
          if (move === undefined && edge === null) return;
          event.preventDefault();
          const next = TABS[edge ?? (TABS.indexOf(tab) + (move ?? 0) + count) % count] ?? tab;
          setTab(next);
          document.getElementById(`vault-tab-${next}`)?.focus();
        }}
      >
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`vault-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="vault-tabpanel"
            tabIndex={tab === name ? 0 : -1}
            className="dilosi-vault-tab"
            onClick={() => setTab(name)}
          >
            {labels[name]}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id="vault-tabpanel"
        className="dilosi-vault-tabpanel"
        aria-labelledby={`vault-tab-${tab}`}
        tabIndex={0}
      >
        {tab === 'accessLog' ? <AccessLogSection referenceCode={referenceCode} /> : null}
        {tab === 'history' ? <DocumentHistorySection documentId={documentId} /> : null}
      </div>
    </div>
  );
}
