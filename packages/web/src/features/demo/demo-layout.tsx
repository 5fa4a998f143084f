import { NavLink, Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { DEMO_UNREAD_COUNT } from './demo-samples';
import './demo.css';

const LINKS = [
  { href: paths.demo.vehicles.getHref(), label: 'demo.nav.vehicles' },
  { href: paths.demo.notifications.getHref(), label: 'demo.nav.notifications', badge: true },
  { href: paths.demo.archive.getHref(), label: 'demo.nav.archive' },
  { href: paths.demo.consent.getHref(), label: 'demo.nav.consent' },
  { href: paths.demo.redirect.getHref(), label: 'demo.nav.redirect' },
] as const;

/**
 * The demo pages' frame (DEVEL only): a warning that the content is a sample, and their own
 * navigation, where notifications carry the unread badge count.
 */
export function DemoLayout() {
  const { t } = useTranslation('ui');
  return (
    <PageContainer narrow={false}>
      <div className="govgr-warning-text">
        <span className="govgr-warning-text__icon" aria-hidden="true">
          !
        </span>
        <strong className="govgr-warning-text__text">{t('demo.warning')}</strong>
      </div>
      <nav aria-label={t('demo.navLabel')}>
        <ul className="dilosi-demo-nav">
          {LINKS.map((link) => (
            <li key={link.href}>
              <NavLink className="govgr-link" to={link.href} end>
                {t(link.label)}
                {'badge' in link ? (
                  <span className="dilosi-demo-badge">
                    <span aria-hidden="true">{DEMO_UNREAD_COUNT}</span>
                    <span className="govgr-visually-hidden">
                      {t('demo.unread', { count: DEMO_UNREAD_COUNT })}
                    </span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="govgr-grid-column-two-thirds">
        <Outlet />
      </div>
    </PageContainer>
  );
}
