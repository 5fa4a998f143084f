import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useConsents } from './api/list-consents';

/**
 * `/my/joint` (issue #35): her joint declarations, as author or co-signatory, newest first, each
 * with its state and how many have signed; each opens its page (signatories, remind, cancel).
 */
export function JointConsentsPage() {
  const { t } = useTranslation('joint');
  const locale = useLocale();
  const query = useConsents();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { consents } = query.data.data;
  return (
    <PageContainer>
      <PageHeading>{t('list.heading')}</PageHeading>
      {consents.length === 0 ? (
        <p className="govgr-body">{t('list.empty')}</p>
      ) : (
        <ul className="govgr-list">
          {consents.map((consent) => {
            const signed = consent.signatories.filter((row) => row.state === 'signed').length;
            return (
              <li key={consent.id} className="govgr-card govgr-card--border">
                <h2 className="govgr-heading-s">
                  <Link className="govgr-link" to={paths.my.joint.getHref(consent.id)}>
                    {consent.title[locale]}
                  </Link>
                </h2>
                <p className="govgr-body">
                  {consent.my_position === 0 ? t('list.author') : t('list.asked')} ·{' '}
                  {t(`states.${consent.state}`)} ·{' '}
                  {t('list.signed', { signed, total: consent.signatories.length })}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </PageContainer>
  );
}
