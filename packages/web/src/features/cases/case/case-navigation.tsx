import type { CaseNeighbours, InboxTab } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { KeyboardShortcutsHelp, type Shortcut } from '../../../ui/keyboard-shortcuts';
import { caseSearch } from '../inbox-query';
import { useShortcutLabels } from '../shortcut-labels';
import { CASE_ACTION_IDS, type CaseDialog } from './case-actions-bar';

/**
 * Back to the list the case was opened from, its previous and next cases, and the keyboard
 * shortcuts (j / k between cases, a / s / n / m for the actions).
 */
export function CaseNavigation({
  entityId,
  list,
  around,
  onOpen,
}: {
  entityId: string;
  list: { tab: InboxTab; search: URLSearchParams };
  around: CaseNeighbours | undefined;
  onOpen: (dialog: CaseDialog) => void;
}) {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const shortcutLabels = useShortcutLabels();
  const caseLink = (id: string) =>
    paths.dashboard.case.getHref(entityId, id, caseSearch(list.tab, list.search));
  const go = (id: string | null | undefined) => {
    if (id) void navigate(caseLink(id));
  };
  const action = (key: string, dialog: keyof typeof CASE_ACTION_IDS): Shortcut => ({
    key,
    label: t(`shortcuts.${dialog}`),
    run: () => onOpen(dialog),
    controlId: CASE_ACTION_IDS[dialog],
  });
  const shortcuts: Shortcut[] = [
    { key: 'j', label: t('shortcuts.nextCase'), run: () => go(around?.next) },
    { key: 'k', label: t('shortcuts.previousCase'), run: () => go(around?.previous) },
    action('a', 'assign'),
    action('s', 'status'),
    action('n', 'note'),
    action('m', 'message'),
  ];
  return (
    <nav className="dilosi-dashboard-neighbours" aria-label={t('case.navigation')}>
      <Link
        className="govgr-back-link"
        to={paths.dashboard.inbox.getHref(entityId, list.tab, list.search.toString())}
      >
        {t('case.back')}
      </Link>
      <span className="dilosi-dashboard-toolbar">
        {around?.previous ? (
          <Link className="govgr-link" to={caseLink(around.previous)} rel="prev">
            {t('case.previous')}
          </Link>
        ) : null}
        {around?.next ? (
          <Link className="govgr-link" to={caseLink(around.next)} rel="next">
            {t('case.next')}
          </Link>
        ) : null}
        <KeyboardShortcutsHelp shortcuts={shortcuts} labels={shortcutLabels} />
      </span>
    </nav>
  );
}
