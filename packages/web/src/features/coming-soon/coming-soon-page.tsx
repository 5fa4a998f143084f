import { useTranslation } from 'react-i18next';
import { HomeLink } from '../../ui/home-link';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

export type ComingSoonArea =
  'login' | 'my' | 'personalDetails' | 'messages' | 'vault' | 'dashboard' | 'dev' | 'validation';

/**
 * Placeholder for an area whose route exists (and obeys its feature flag) but whose pages are
 * not built yet. It says so plainly instead of pretending to work.
 */
export function ComingSoonPage({ area }: { area: ComingSoonArea }) {
  const { t } = useTranslation();
  return (
    <PageContainer>
      <PageHeading caption={t('pages.comingSoon.caption')}>
        {t(`pages.comingSoon.areas.${area}`)}
      </PageHeading>
      <p className="govgr-body">{t('pages.comingSoon.body')}</p>
      <HomeLink />
    </PageContainer>
  );
}
