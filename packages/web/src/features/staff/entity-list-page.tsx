import { hasEntityRole } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useMyEntities } from './api/list-my-entities';
import { paths } from '../../config/paths';
import '../../ui/dashboard.css';

/** /dashboard/entities/list: the entities where the caller holds a role, with their roles. */
export function EntityListPage() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const query = useMyEntities();
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const entities = query.data.data;
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('entities.title')}</PageHeading>
        {entities.length === 0 ? (
          <>
            <p className="govgr-body">{t('entities.none')}</p>
            <p className="govgr-body">
              <Link className="govgr-link" to={paths.dashboard.requests.getHref()}>
                {t('entities.requests')}
              </Link>
            </p>
          </>
        ) : (
          <div
            className="govgr-table-container"
            role="region"
            aria-labelledby="entities-caption"
            tabIndex={0}
          >
            <table className="govgr-table">
              <caption
                id="entities-caption"
                className="govgr-table__caption govgr-table__caption--s"
              >
                {t('entities.caption')}
              </caption>
              <thead className="govgr-table__head">
                <tr className="govgr-table__row">
                  <th scope="col" className="govgr-table__header">
                    {t('entities.name')}
                  </th>
                  <th scope="col" className="govgr-table__header">
                    {t('entities.codename')}
                  </th>
                  <th scope="col" className="govgr-table__header">
                    {t('entities.clerk')}
                  </th>
                  <th scope="col" className="govgr-table__header">
                    {t('entities.head')}
                  </th>
                </tr>
              </thead>
              <tbody className="govgr-table__body">
                {entities.map((entity) => (
                  <tr key={entity.id} className="govgr-table__row">
                    <td className="govgr-table__cell">
                      <Link
                        className="govgr-link"
                        to={
                          // A KEP's officers work on its in-person confirmations (issue #37).
                          entity.is_kep && hasEntityRole(entity.roles, 'clerk')
                            ? paths.dashboard.kep.getHref(entity.id)
                            : paths.dashboard.inbox.getHref(entity.id, 'all')
                        }
                      >
                        {entity.display_name[locale]}
                      </Link>
                    </td>
                    <td className="govgr-table__cell">{entity.codename}</td>
                    <td className="govgr-table__cell">
                      {entity.roles.length > 0 ? t('entities.yes') : t('entities.no')}
                    </td>
                    <td className="govgr-table__cell">
                      {entity.roles.includes('head') ? t('entities.yes') : t('entities.no')}
                      {entity.roles.includes('head') ? (
                        <>
                          {' · '}
                          <Link
                            className="govgr-link"
                            to={paths.dashboard.usersActive.getHref(entity.id)}
                            aria-label={`${t('staff.nav.manage')}: ${entity.display_name[locale]}`}
                          >
                            {t('staff.nav.manage')}
                          </Link>
                        </>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {entities.length > 0 ? (
          <p className="govgr-body">
            <Link className="govgr-link" to={paths.dashboard.requests.getHref()}>
              {t('staff.nav.requests')}
            </Link>
          </p>
        ) : null}
      </div>
    </PageContainer>
  );
}
