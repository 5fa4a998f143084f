import { useTranslation } from 'react-i18next';
import { HomeLink } from '../../ui/home-link';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeading>{t('pages.notFound.title')}</PageHeading>
      <p className="govgr-body">{t('pages.notFound.body')}</p>
      <p className="govgr-body">{t('pages.notFound.typo')}</p>
      <HomeLink />
    </PageContainer>
  );
}
