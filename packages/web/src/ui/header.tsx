import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';

export type HeaderUser = {
  display_name: string | null;
  is_admin: boolean;
  /** An anonymous session (issue #37): no user menu, no vault, the title leads to its template. */
  anonymous_login?: boolean;
};

type HeaderProps = {
  /** Marks a development or test deployment (flags.DEVEL). */
  isTestEnvironment: boolean;
  user: HeaderUser | null;
  /** The vault link is for citizens, when the citizen inbox is on. */
  showVault: boolean;
  showDashboard: boolean;
  onLogout: () => void;
  /** Where the title leads an anonymous session: the template it started, if known. */
  anonymousHome?: string;
};

export function Header({
  isTestEnvironment,
  user,
  showVault,
  showDashboard,
  onLogout,
  anonymousHome,
}: HeaderProps) {
  const { t } = useTranslation();
  const isAnonymous = user?.anonymous_login === true;
  return (
    <header className="govgr-header">
      <div className="govgr-header__container">
        <div className="govgr-header__content">
          <Link
            to={isAnonymous && anonymousHome ? anonymousHome : paths.root.getHref()}
            className="govgr-header-title dilosi-header-title"
          >
            <span className="dilosi-header-brand" aria-hidden="true">
              gov.gr
            </span>
            <span className="dilosi-header-divider" aria-hidden="true" />
            <span>{t('app.title')}</span>
          </Link>
          {isTestEnvironment ? (
            <strong className="dilosi-test-tag" title={t('header.testTagDescription')}>
              {t('header.testTag')}
            </strong>
          ) : null}
        </div>
        {isAnonymous ? null : (
          <nav className="dilosi-user-menu" aria-label={t('header.menu.label')}>
            {user ? (
              <ul className="dilosi-user-menu__list">
                <li className="dilosi-user-menu__name">{user.display_name}</li>
                {user.is_admin && showDashboard ? (
                  <li>
                    <Link className="dilosi-header-link" to={paths.dashboard.root.getHref()}>
                      {t('header.menu.dashboard')}
                    </Link>
                  </li>
                ) : null}
                {!user.is_admin && showVault ? (
                  <li>
                    <Link className="dilosi-header-link" to={paths.vault.root.getHref()}>
                      {t('header.menu.vault')}
                    </Link>
                  </li>
                ) : null}
                <li>
                  <button
                    type="button"
                    className="dilosi-header-link dilosi-header-button"
                    onClick={onLogout}
                  >
                    {t('header.menu.logout')}
                  </button>
                </li>
              </ul>
            ) : (
              <ul className="dilosi-user-menu__list">
                <li>
                  <Link className="dilosi-header-link" to={paths.auth.login.getHref()}>
                    {isTestEnvironment ? t('header.menu.demoUsers') : t('header.menu.login')}
                  </Link>
                </li>
              </ul>
            )}
          </nav>
        )}
      </div>
    </header>
  );
}
