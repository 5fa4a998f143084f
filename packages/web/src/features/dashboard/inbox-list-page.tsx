import {
  DASHBOARD_PAGE_SIZES,
  INBOX_TABS,
  formatAthensDateTime,
  type InboxTab,
} from '@dilosi/domain';
import { useEffect, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useEntity, useInbox } from './dashboard-api';
import { dashboardPaths } from './dashboard-paths';
import { pageLinks } from './pagination';
import './dashboard.css';

const FILTERS = ['case', 'user', 'document_title', 'assignee', 'date_from', 'date_to'] as const;

const isTab = (value: string | undefined): value is InboxTab =>
  (INBOX_TABS as readonly string[]).includes(value ?? '');

/** The API query of a tab and the list's URL search parameters. */
export function inboxQuery(tab: InboxTab, search: URLSearchParams): URLSearchParams {
  const size = Number(search.get('size'));
  const limit = (DASHBOARD_PAGE_SIZES as readonly number[]).includes(size)
    ? size
    : DASHBOARD_PAGE_SIZES[0];
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const query = new URLSearchParams({ limit: String(limit), offset: String((page - 1) * limit) });
  if (tab === 'me') {
    query.set('status', 'pending');
    query.set('assignee_id', 'me');
  } else if (tab !== 'all') {
    query.set('status', tab);
  }
  for (const key of FILTERS) {
    const value = search.get(key)?.trim();
    if (value) query.set(key, value);
  }
  if (search.get('ordering') === 'received_at') query.set('ordering', 'received_at');
  return query;
}

/**
 * /dashboard/entities/show/{entityId}/inbox/list/{tab}: tabs with counts, the search panel, the
 * cases table and the pages. Every filter, the page, its size and the order live in the URL.
 */
export function InboxListPage() {
  const { entityId = '', tab: tabParam } = useParams();
  const tab: InboxTab = isTab(tabParam) ? tabParam : 'all';
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const entity = useEntity(entityId);
  const query = inboxQuery(tab, search);
  const inbox = useInbox(entityId, query);
  const limit = Number(query.get('limit'));
  const page = Number(query.get('offset')) / limit + 1;

  // A case-number search with exactly one hit opens the case.
  const single = search.get('case') && inbox.data?.total === 1 ? inbox.data.data[0] : undefined;
  useEffect(() => {
    if (single) void navigate(dashboardPaths.case(entityId, single.id), { replace: true });
  }, [single, entityId, navigate]);

  if (!isTab(tabParam)) return <Navigate to={dashboardPaths.inbox(entityId, 'all')} replace />;
  if (entity.isError) throw entity.error;
  if (inbox.isError) throw inbox.error;
  if (entity.isPending || inbox.isPending) return <PageSkeleton />;

  const { data: items, total, meta } = inbox.data;
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    return next;
  };
  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes: Record<string, string | null> = { page: null };
    for (const key of [...FILTERS, 'ordering'] as const) {
      changes[key] = String(form.get(key) ?? '').trim() || null;
    }
    if (changes.ordering === '-received_at') changes.ordering = null;
    setSearch(withParams(changes));
  };
  const listSearch = search.toString();

  return (
    <PageContainer narrow={false}>
      <div className="dilosi-dashboard">
        <PageHeading caption={entity.data.data.display_name[locale]}>
          {t(`tabs.${tab}`)}
        </PageHeading>
        <nav aria-label={t('tabs.label')} className="dilosi-dashboard-tabs">
          <ul className="govgr-tabs__list">
            {INBOX_TABS.map((name) => (
              <li key={name} className="govgr-tabs__list-item">
                <Link
                  className="govgr-link"
                  to={dashboardPaths.inbox(entityId, name)}
                  aria-current={name === tab ? 'page' : undefined}
                >
                  {t(`tabs.${name}`)} ({meta.counts[name]})
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <details className="govgr-details" open={FILTERS.some((key) => search.get(key))}>
          <summary className="govgr-details__summary">
            <span className="govgr-details__summary-text">{t('search.title')}</span>
          </summary>
          <form
            className="govgr-details__text dilosi-dashboard-search"
            onSubmit={onSearch}
            key={listSearch}
          >
            {FILTERS.map((key) => (
              <div className="govgr-form-group" key={key}>
                <label className="govgr-label" htmlFor={`search-${key}`}>
                  {t(`search.${key}`)}
                </label>
                <input
                  className="govgr-input"
                  id={`search-${key}`}
                  name={key}
                  type={key.startsWith('date_') ? 'date' : 'text'}
                  defaultValue={search.get(key) ?? ''}
                />
              </div>
            ))}
            <div className="govgr-form-group">
              <label className="govgr-label" htmlFor="search-ordering">
                {t('search.ordering')}
              </label>
              <select
                className="govgr-select"
                id="search-ordering"
                name="ordering"
                defaultValue={
                  search.get('ordering') === 'received_at' ? 'received_at' : '-received_at'
                }
              >
                <option value="-received_at">{t('search.newest')}</option>
                <option value="received_at">{t('search.oldest')}</option>
              </select>
            </div>
            <div className="govgr-button-group">
              <button type="submit" className="govgr-btn govgr-btn-primary">
                {t('search.submit')}
              </button>
              <Link className="govgr-link" to={dashboardPaths.inbox(entityId, tab)}>
                {t('search.reset')}
              </Link>
            </div>
          </form>
        </details>

        <p className="govgr-body" role="status">
          {t('list.total', { count: total })}
        </p>
        {items.length === 0 ? (
          tab === 'me' && search.has('redir') ? (
            <p className="govgr-body">
              <Link className="govgr-link" to={dashboardPaths.inbox(entityId, 'incoming')}>
                {t('list.meHint')}
              </Link>
            </p>
          ) : (
            <p className="govgr-body">{t('list.none')}</p>
          )
        ) : (
          <div
            className="govgr-table-container"
            role="region"
            aria-labelledby="inbox-caption"
            tabIndex={0}
          >
            <table className="govgr-table govgr-table--dense">
              <caption id="inbox-caption" className="govgr-table__caption govgr-table__caption--s">
                {t('list.caption', { tab: t(`tabs.${tab}`) })}
              </caption>
              <thead className="govgr-table__head">
                <tr className="govgr-table__row">
                  <th
                    scope="col"
                    className="govgr-table__header"
                    aria-sort={
                      search.get('ordering') === 'received_at' ? 'ascending' : 'descending'
                    }
                  >
                    <Link
                      className="govgr-link"
                      to={`?${withParams({ ordering: search.get('ordering') === 'received_at' ? null : 'received_at', page: null }).toString()}`}
                    >
                      {t('list.date')}
                    </Link>
                  </th>
                  <th scope="col" className="govgr-table__header">
                    {t('list.case')}
                  </th>
                  <th scope="col" className="govgr-table__header">
                    {t('list.status')}
                  </th>
                  <th scope="col" className="govgr-table__header">
                    {t('list.template')}
                  </th>
                  <th scope="col" className="govgr-table__header">
                    {t('list.name')}
                  </th>
                  <th scope="col" className="govgr-table__header">
                    {t('list.assignee')}
                  </th>
                </tr>
              </thead>
              <tbody className="govgr-table__body">
                {items.map((item) => (
                  <tr key={item.id} className="govgr-table__row">
                    <td className="govgr-table__cell">
                      {formatAthensDateTime(new Date(item.declaration.timestamp))}
                      <br />
                      <span className="dilosi-dashboard-age">
                        {t('list.age', { count: item.age_days })}
                        {item.overdue ? (
                          <strong className="dilosi-dashboard-overdue"> {t('list.overdue')}</strong>
                        ) : null}
                      </span>
                    </td>
                    <td className="govgr-table__cell">
                      <Link
                        className="govgr-link"
                        to={dashboardPaths.case(entityId, item.id, listSearch)}
                      >
                        {item.declaration.case_id}
                      </Link>
                    </td>
                    <td className="govgr-table__cell">{t(`status.${item.inbox_status}`)}</td>
                    <td className="govgr-table__cell">
                      {item.declaration.template.shortname[locale]}
                    </td>
                    <td className="govgr-table__cell">{item.declaration.user_display_name}</td>
                    <td className="govgr-table__cell">
                      {item.assignee_display_name ?? t('list.unassigned')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        <div className="dilosi-dashboard-paging">
          {totalPages > 1 ? (
            <nav aria-label={t('list.pagination')}>
              <ul className="dilosi-dashboard-pages">
                {pageLinks(page, totalPages).map((link, index) =>
                  link === 'gap' ? (
                    <li key={`gap-${index}`} aria-hidden="true">
                      …
                    </li>
                  ) : (
                    <li key={link}>
                      <Link
                        className="govgr-link"
                        to={`?${withParams({ page: link === 1 ? null : String(link) }).toString()}`}
                        aria-current={link === page ? 'page' : undefined}
                        aria-label={t('list.page', { page: link })}
                      >
                        {link}
                      </Link>
                    </li>
                  ),
                )}
              </ul>
            </nav>
          ) : null}
          <label className="govgr-label" htmlFor="page-size">
            {t('list.pageSize')}
          </label>
          <select
            className="govgr-select"
            id="page-size"
            value={limit}
            onChange={(event) =>
              setSearch(
                withParams({
                  size: event.target.value === '10' ? null : event.target.value,
                  page: null,
                }),
              )
            }
          >
            {DASHBOARD_PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </select>
        </div>
      </div>
    </PageContainer>
  );
}
