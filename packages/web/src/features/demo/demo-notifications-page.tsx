import { formatAthensDateTime } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { PageHeading } from '../../ui/page-heading';
import { DEMO_ARCHIVED_NOTIFICATIONS, DEMO_NOTIFICATIONS } from './demo-samples';

/** /demo/notifications and /demo/archive: sample notifications, new or archived. */
export function DemoNotificationsPage({ archive = false }: { archive?: boolean }) {
  const { t } = useTranslation('ui');
  const items = archive ? DEMO_ARCHIVED_NOTIFICATIONS : DEMO_NOTIFICATIONS;
  const title = archive ? t('demo.archive.title') : t('demo.notifications.title');
  return (
    <>
      <PageHeading caption={t('demo.caption')}>{title}</PageHeading>
      {items.length === 0 ? <p className="govgr-body">{t('demo.notifications.none')}</p> : null}
      <ul className="govgr-list">
        {items.map((item) => (
          <li key={item.id} className="dilosi-demo-notification">
            <h2 className="govgr-heading-s">
              {item.title}
              {item.unread ? (
                <strong className="govgr-tag dilosi-demo-new">{t('demo.notifications.new')}</strong>
              ) : null}
            </h2>
            <p className="govgr-body">{item.text}</p>
            <p className="govgr-hint">
              <time dateTime={item.at}>{formatAthensDateTime(new Date(item.at))}</time>
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
