import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../api/auth';
import { useAppConfig } from '../../api/get-app-config';
import { useUnreadMessages } from '../../api/get-unread-messages';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

const VEHICLES_SERVICE_URL = 'https://www.gov.gr/ipiresies/oikogeneia/oxemata';

/** The logged-in citizen's home (spec section 2): greeting, tax number, cards. */
export function CitizenHome({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const { flags } = useAppConfig();
  const unread = useUnreadMessages({ enabled: flags.CITIZENINBOX_ENABLED });
  const unreadCount = flags.CITIZENINBOX_ENABLED ? (unread.data ?? 0) : 0;
  const cards = [
    { key: 'newDocument', href: paths.templates.search.getHref(), ...texts('newDocument') },
    flags.CITIZENINBOX_ENABLED
      ? { key: 'vaultCases', href: paths.vault.cases.getHref(), ...texts('vaultCases') }
      : null,
    flags.CITIZENINBOX_ENABLED
      ? { key: 'messages', href: paths.my.messages.root.getHref(), ...texts('messages') }
      : null,
    {
      key: 'personalDetails',
      href: paths.my.personalDetails.getHref(),
      ...texts('personalDetails'),
    },
  ].filter((c) => c !== null);

  function texts(key: 'newDocument' | 'vaultCases' | 'messages' | 'personalDetails') {
    return { title: t(`citizenHome.${key}.title`), body: t(`citizenHome.${key}.body`) };
  }

  return (
    <PageContainer narrow={false}>
      <div className="dilosi-full-width">
        <PageHeading>{t('citizenHome.greeting', { name: user.display_name })}</PageHeading>
        {user.afm ? (
          <p className="govgr-body-l">{t('citizenHome.taxNumber', { afm: user.afm })}</p>
        ) : null}
        {unreadCount > 0 ? (
          <div
            className="govgr-notification-banner dilosi-unread-notice"
            role="region"
            aria-label={t('citizenHome.unread', { count: unreadCount })}
          >
            <div className="govgr-notification-banner__content">
              <p className="govgr-body">
                {t('citizenHome.unread', { count: unreadCount })}{' '}
                <Link className="govgr-link" to={paths.my.messages.root.getHref()}>
                  {t('citizenHome.unreadLink')}
                </Link>
              </p>
            </div>
          </div>
        ) : null}
        <h2 className="govgr-visually-hidden">{t('citizenHome.cardsLabel')}</h2>
        <ul className="dilosi-cards">
          {cards.map((card) => (
            <li key={card.key} className="govgr-card govgr-card--border dilosi-card">
              <h3 className="govgr-heading-s">
                <Link className="govgr-link" to={card.href}>
                  {card.title}
                </Link>
              </h3>
              <p className="govgr-body">{card.body}</p>
            </li>
          ))}
          <li className="govgr-card govgr-card--border dilosi-card">
            <h3 className="govgr-heading-s">
              <a
                className="govgr-link"
                href={VEHICLES_SERVICE_URL}
                target="_blank"
                rel="noopener noreferrer"
              >
                {t('citizenHome.vehicles.title')}
                <span className="govgr-visually-hidden"> {t('citizenHome.externalLink')}</span>
              </a>
            </h3>
            <p className="govgr-body">{t('citizenHome.vehicles.body')}</p>
          </li>
        </ul>
      </div>
    </PageContainer>
  );
}
