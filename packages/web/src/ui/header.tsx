import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';

type HeaderProps = {
  /** Marks a development or test deployment (flags.DEVEL). */
  isTestEnvironment: boolean;
};

export function Header({ isTestEnvironment }: HeaderProps) {
  const { t } = useTranslation();
  return (
    <header className="govgr-header">
      <div className="govgr-header__container">
        <div className="govgr-header__content">
          <Link to={paths.root.getHref()} className="govgr-header-title dilosi-header-title">
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
      </div>
    </header>
  );
}
