import { INBOX_TABS, type InboxList, type InboxTab } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';

/** The six lists of the inbox, each with its count and how many of its cases have news. */
export function InboxTabs({
  entityId,
  tab,
  meta,
}: {
  entityId: string;
  tab: InboxTab;
  meta: InboxList['meta'];
}) {
  const { t } = useTranslation('dashboard');
  return (
    <nav aria-label={t('tabs.label')} className="dilosi-page-tabs dilosi-dashboard-tabs">
      <ul className="govgr-tabs__list">
        {INBOX_TABS.map((name) => (
          <li key={name} className="govgr-tabs__list-item">
            <Link
              className="govgr-link"
              to={paths.dashboard.inbox.getHref(entityId, name)}
              aria-current={name === tab ? 'page' : undefined}
            >
              {t(`tabs.${name}`)} ({meta.counts[name]})
              {meta.new_counts?.[name] ? (
                <> · {t('tabs.newCount', { count: meta.new_counts[name] })}</>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
