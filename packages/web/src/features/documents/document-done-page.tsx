import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HomeLink } from '../../ui/home-link';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

/**
 * /dilosi/{ref}/done: where issued and final documents go. The issued-document page (PDF,
 * e-mail, SMS, revoke) is the next issue; until then this says so plainly.
 */
export function DocumentDonePage() {
  const { t } = useTranslation('wizard');
  const { ref = '' } = useParams();
  return (
    <PageContainer>
      <PageHeading caption={t('done.caption')}>{t('done.title')}</PageHeading>
      <p className="govgr-body">{t('done.body')}</p>
      {ref ? <p className="govgr-body">{t('done.refcode', { ref })}</p> : null}
      <HomeLink />
    </PageContainer>
  );
}
