import { DASHBOARD_PAGE_SIZES } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { PageLinks } from '../../../ui/page-links';

/** The list's pages and the page size (10 is the default, left out of the URL). */
export function InboxPaging({
  page,
  totalPages,
  limit,
  hrefOfPage,
  onSize,
}: {
  page: number;
  totalPages: number;
  limit: number;
  hrefOfPage: (page: number) => string;
  onSize: (size: string | null) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <div className="dilosi-dashboard-paging">
      <PageLinks
        page={page}
        totalPages={totalPages}
        hrefOf={hrefOfPage}
        label={t('list.pagination')}
        pageLabel={(link) => t('list.page', { page: link })}
        className="dilosi-dashboard-pages"
      />
      <label className="govgr-label" htmlFor="page-size">
        {t('list.pageSize')}
      </label>
      <select
        className="govgr-select"
        id="page-size"
        value={limit}
        onChange={(event) => onSize(event.target.value === '10' ? null : event.target.value)}
      >
        {DASHBOARD_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
