import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { formatIssueDate } from '../../lib/format-issue-date';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useOutbox } from './api/get-outbox';
import './dev.css';

/**
 * /dev/outbox (DEVEL only): the SMS and e-mails the service wrote, newest first, so a developer
 * or a test can read an SMS code or an e-mail without a real provider.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const query = useOutbox(page);

  if (query.isPending) return <PageSkeleton />;
  if (query.isError) throw query.error;
  const { data: rows, meta } = query.data;
  const totalPages = Math.max(1, meta.total_pages);

  return (
    <PageContainer narrow={false}>
      <div className="dilosi-full-width">
        <PageHeading caption={t('pages.devOutbox.caption')}>
          {t('pages.devOutbox.title')}
        </PageHeading>
        <div className="govgr-warning-text">
          <span className="govgr-warning-text__icon" aria-hidden="true">
            !
          </span>
          <strong className="govgr-warning-text__text">{t('pages.devOutbox.warning')}</strong>
        </div>
        <p className="govgr-body">{t('pages.devOutbox.count', { count: meta.count })}</p>
        <div
          className="govgr-table-container dilosi-outbox"
          role="region"
          aria-labelledby="outbox-caption"
          tabIndex={0}
        >
          <table className="govgr-table govgr-table--dense">
            <caption id="outbox-caption" className="govgr-table__caption govgr-table__caption--s">
              {t('pages.devOutbox.caption')}:{' '}
              {t('pages.devOutbox.page', { page, total: totalPages })}
            </caption>
            <thead className="govgr-table__head">
              <tr className="govgr-table__row">
                <th scope="col" className="govgr-table__header">
                  {t('pages.devOutbox.columns.time')}
                </th>
                <th scope="col" className="govgr-table__header">
                  {t('pages.devOutbox.columns.channel')}
                </th>
                <th scope="col" className="govgr-table__header">
                  {t('pages.devOutbox.columns.recipient')}
                </th>
                <th scope="col" className="govgr-table__header">
                  {t('pages.devOutbox.columns.subject')}
                </th>
                <th scope="col" className="govgr-table__header">
                  {t('pages.devOutbox.columns.body')}
                </th>
                <th scope="col" className="govgr-table__header">
                  {t('pages.devOutbox.columns.status')}
                </th>
                <th scope="col" className="govgr-table__header">
                  {t('pages.devOutbox.columns.attempts')}
                </th>
              </tr>
            </thead>
            <tbody className="govgr-table__body govgr-table__body--vertical-top">
              {rows.length === 0 ? (
                <tr className="govgr-table__row">
                  <td className="govgr-table__cell govgr-table__cell--no-data" colSpan={7}>
                    {t('pages.devOutbox.empty')}
                  </td>
                </tr>
              ) : (
                rows.map((row) => (
                  <tr key={row.id} className="govgr-table__row">
                    <td className="govgr-table__cell">
                      <time dateTime={row.created_at}>{formatIssueDate(row.created_at)}</time>
                    </td>
                    <td className="govgr-table__cell">{row.channel.toUpperCase()}</td>
                    <td className="govgr-table__cell dilosi-outbox__wrap">{row.recipient}</td>
                    <td className="govgr-table__cell dilosi-outbox__wrap">{row.subject ?? '—'}</td>
                    <td className="govgr-table__cell">
                      <pre className="dilosi-outbox__body">{row.body}</pre>
                    </td>
                    <td className="govgr-table__cell">
                      {row.status}
                      {row.last_error ? (
                        <span className="govgr-hint dilosi-outbox__wrap"> ({row.last_error})</span>
                      ) : null}
                    </td>
                    <td className="govgr-table__cell">{row.attempts}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {totalPages > 1 ? (
          <nav className="govgr-pagination" aria-label={t('pages.devOutbox.pagination')}>
            <ul className="govgr-pagination__list">
              {page > 1 ? (
                <li className="govgr-pagination__item">
                  <Link className="govgr-link" to={paths.dev.outbox.getHref({ page: page - 1 })}>
                    {t('pages.devOutbox.previous')}
                  </Link>
                </li>
              ) : null}
              <li className="govgr-pagination__item" aria-current="page">
                {t('pages.devOutbox.page', { page, total: totalPages })}
              </li>
              {page < totalPages ? (
                <li className="govgr-pagination__item">
                  <Link className="govgr-link" to={paths.dev.outbox.getHref({ page: page + 1 })}>
                    {t('pages.devOutbox.next')}
                  </Link>
                </li>
              ) : null}
            </ul>
          </nav>
        ) : null}
      </div>
    </PageContainer>
  );
}
