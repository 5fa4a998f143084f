import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeading>{t('pages.notFound.title')}</PageHeading>
      <p className="govgr-body">{t('pages.notFound.body')}</p>
      <p className="govgr-body">{t('pages.notFound.typo')}</p>
      <p className="govgr-body">
        <Link className="govgr-link" to={paths.root.getHref()}>
          {t('pages.common.homeLink')}
        </Link>
      </p>
    </PageContainer>
  );
}
