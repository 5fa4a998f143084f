import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

export function PermissionDeniedPage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeading>{t('pages.permissionDenied.title')}</PageHeading>
      <p className="govgr-body">{t('pages.permissionDenied.body')}</p>
      <p className="govgr-body">{t('pages.permissionDenied.otherAccount')}</p>
      <div className="govgr-button-group">
        <Link className="govgr-btn govgr-btn-primary" to={paths.auth.login.getHref()}>
          {t('pages.common.loginButton')}
        </Link>
        <Link className="govgr-link" to={paths.root.getHref()}>
          {t('pages.common.homeLink')}
        </Link>
      </div>
    </PageContainer>
  );
}
