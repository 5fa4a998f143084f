import {
  CASE_BIN_DAYS,
  formatAthensDate,
  formatAthensDateTime,
  type BinItem,
} from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageLinks } from '../../ui/page-links';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useErrorMessage } from '../../ui/use-error-message';
import { useBin, useRestoreCase } from './api/bin';
import '../../ui/dashboard.css';

const PAGE_SIZE = 30;

/**
 * .../bin (issue #41): the closed cases taken off the lists, newest first, each with the day the
 * bin deletes it for good; a clerk restores one, its status unchanged.
 */
export function BinPage() {
  const { entityId = '' } = useParams();
  const { t } = useTranslation('dashboard');
  const [search] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const bin = useBin(entityId, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const restore = useRestoreCase(entityId);
  const errorMessage = useErrorMessage();
  if (bin.isPending) return <PageSkeleton />;
  if (bin.isError) throw bin.error;
  const { data: items, meta } = bin.data;
  const onRestore = (item: BinItem) =>
    restore.mutate(item.id, {
      onSuccess: () => showToast('success', () => t('bin.restored', { case: item.case_id })),
      onError: (failure) => showToast('error', () => errorMessage(failure, t('bin.failed'))),
    });
  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading>{t('bin.title')}</PageHeading>
        <p className="govgr-body">{t('bin.lead', { count: CASE_BIN_DAYS })}</p>
        <p className="govgr-body">
          <Link className="govgr-link" to={paths.dashboard.inbox.getHref(entityId, 'all')}>
            {t('bin.back')}
          </Link>
        </p>
        {items.length === 0 ? (
          <p className="govgr-body">{t('bin.empty')}</p>
        ) : (
          <div
            className="govgr-table-container"
            role="region"
            aria-labelledby="bin-caption"
            tabIndex={0}
          >
            <table className="govgr-table">
              <caption id="bin-caption" className="govgr-table__caption govgr-table__caption--s">
                {t('bin.caption')}
              </caption>
              <thead className="govgr-table__head">
                <tr className="govgr-table__row">
                  {(
                    [
                      'case',
                      'citizen',
                      'template',
                      'status',
                      'dismissed',
                      'purge',
                      'actions',
                    ] as const
                  ).map((key) => (
                    <th key={key} scope="col" className="govgr-table__header">
                      {t(`bin.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="govgr-table__body">
                {items.map((item) => (
                  <tr key={item.id} className="govgr-table__row">
                    <td className="govgr-table__cell dilosi-dashboard-case-id">
                      <Link
                        className="govgr-link"
                        to={paths.dashboard.case.getHref(entityId, item.id)}
                      >
                        {item.case_id}
                      </Link>
                    </td>
                    <td className="govgr-table__cell">{item.citizen_name}</td>
                    <td className="govgr-table__cell">{item.subject}</td>
                    <td className="govgr-table__cell">{t(`status.${item.inbox_status}`)}</td>
                    <td className="govgr-table__cell">
                      {formatAthensDateTime(new Date(item.dismissed_at))}
                    </td>
                    <td className="govgr-table__cell">
                      {formatAthensDate(new Date(item.purge_at))}
                    </td>
                    <td className="govgr-table__cell">
                      <button
                        type="button"
                        className="govgr-btn govgr-btn-secondary"
                        aria-label={t('bin.restoreLabel', { case: item.case_id })}
                        disabled={restore.isPending}
                        onClick={() => onRestore(item)}
                      >
                        {t('bin.restore')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <PageLinks
          page={page}
          totalPages={Math.max(1, Math.ceil(meta.count / PAGE_SIZE))}
          hrefOf={(link) => paths.dashboard.bin.getHref(entityId, { page: link })}
          label={t('staff.paging.pagination')}
          pageLabel={(link) => t('staff.paging.page', { page: link })}
          className="dilosi-dashboard-pages"
        />
      </div>
    </PageContainer>
  );
}
