import { useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { KeyboardShortcutsHelp, type Shortcut } from '../../../ui/keyboard-shortcuts';
import { showToast } from '../../../ui/toasts';
import { downloadInboxCsv } from '../api/export-inbox';
import { useShortcutLabels } from '../shortcut-labels';

/**
 * How many cases the list holds, its export as CSV, and the keyboard shortcuts: j / k move the
 * focus between the table's cases, / opens the search panel.
 */
export function InboxToolbar({
  entityId,
  query,
  total,
  rowLinks,
  onSearchShortcut,
}: {
  entityId: string;
  /** The list's API query: the export is the list as filtered. */
  query: URLSearchParams;
  total: number;
  rowLinks: RefObject<(HTMLAnchorElement | null)[]>;
  /** `/`: opens the search panel at its first field. */
  onSearchShortcut: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const shortcutLabels = useShortcutLabels();
  const [exporting, setExporting] = useState(false);
  const onExport = async () => {
    setExporting(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadInboxCsv(entityId, query, `${t('export.filename')}-${day}.csv`);
    } catch {
      showToast('error', () => t('export.failed'));
    } finally {
      setExporting(false);
    }
  };
  const moveFocus = (step: 1 | -1) => {
    const links = rowLinks.current.filter((link): link is HTMLAnchorElement => link !== null);
    if (links.length === 0) return;
    const at = links.findIndex((link) => link === document.activeElement);
    const next = at === -1 ? (step === 1 ? 0 : links.length - 1) : at + step;
    links[Math.min(links.length - 1, Math.max(0, next))]?.focus();
  };
  const shortcuts: Shortcut[] = [
    { key: 'j', label: t('shortcuts.nextRow'), run: () => moveFocus(1) },
    { key: 'k', label: t('shortcuts.previousRow'), run: () => moveFocus(-1) },
    {
      key: '/',
      label: t('shortcuts.search'),
      run: onSearchShortcut,
    },
  ];
  return (
    <div className="dilosi-dashboard-toolbar">
      <p className="govgr-body" role="status">
        {t('list.total', { count: total })}
      </p>
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary"
        disabled={exporting || total === 0}
        aria-busy={exporting || undefined}
        onClick={() => void onExport()}
      >
        {exporting ? t('export.preparing') : t('export.button')}
      </button>
      <KeyboardShortcutsHelp shortcuts={shortcuts} labels={shortcutLabels} />
    </div>
  );
}
