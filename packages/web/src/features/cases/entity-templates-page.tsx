import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageLinks } from '../../ui/page-links';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useCreatableTemplates } from './api/list-creatable-templates';
import '../../ui/dashboard.css';

/** The templates page's size (spec section 9: templates 30). */
const PAGE_SIZE = 30;

/**
 * /dashboard/entities/show/{entityId}/templates: the templates the entity issues documents with
 * (spec section 2); choosing one starts a document and opens its first step.
 */
export function EntityTemplatesPage() {
  const { entityId = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const query = useCreatableTemplates(entityId, 'issue', {
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { data, meta } = query.data;
  const totalPages = Math.max(1, meta.total_pages);
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('templates.title')}</PageHeading>
        <p className="govgr-body">{t('templates.intro')}</p>
        {data.length === 0 ? (
          <p className="govgr-body">{t('templates.none')}</p>
        ) : (
          <ul className="govgr-list dilosi-entity-templates">
            {data.map((template) => (
              <li key={template.refname} className="dilosi-entity-template">
                <h2 className="govgr-heading-s">
                  <Link
                    className="govgr-link"
                    to={paths.dashboard.issueStart.getHref(entityId, template.refname)}
                  >
                    {template.shortname[locale]}
                  </Link>
                </h2>
                <p className="govgr-body">{template.description[locale]}</p>
                <p className="govgr-hint">{t('templates.code', { code: template.code })}</p>
              </li>
            ))}
          </ul>
        )}
        <p className="govgr-body">{t('staff.paging.total', { count: meta.count })}</p>
        <PageLinks
          page={page}
          totalPages={totalPages}
          hrefOf={(link) => paths.dashboard.templates.getHref(entityId, { page: link })}
          label={t('staff.paging.pagination')}
          pageLabel={(link) => t('staff.paging.page', { page: link })}
          className="dilosi-dashboard-pages"
        />
      </div>
    </PageContainer>
  );
}
