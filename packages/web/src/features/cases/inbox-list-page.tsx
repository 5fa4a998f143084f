import {
  CASE_ACTIVITY_DAYS,
  DASHBOARD_PAGE_SIZES,
  INBOX_TABS,
  formatAthensDateTime,
  type BulkCaseResult,
  type InboxTab,
} from '@dilosi/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { KeyboardShortcutsHelp, type Shortcut } from '../../ui/keyboard-shortcuts';
import { PageLinks } from '../../ui/page-links';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { AlertPreferenceForm } from './alert-preference-form';
import { BulkDialog } from './bulk-dialog';
import { useEntity } from '../../api/get-entity';
import { downloadInboxCsv } from './api/export-inbox';
import { useInbox } from './api/list-inbox';
import { useShortcutLabels } from './shortcut-labels';
import {
  INBOX_FILTERS as FILTERS,
  caseSearch,
  inboxQuery,
  isInboxTab as isTab,
  isNewActivityOnly,
} from './inbox-query';
import '../../ui/dashboard.css';

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
  const shortcutLabels = useShortcutLabels();
  const [search, setSearch] = useSearchParams();
  const entity = useEntity(entityId);
  const query = inboxQuery(tab, search);
  const inbox = useInbox(entityId, query);
  const limit = Number(query.get('limit'));
  const page = Number(query.get('offset')) / limit + 1;
  // A selection belongs to the page it was made on: another page or filter starts empty.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: '',
    ids: new Set(),
  });
  const [bulk, setBulk] = useState<'assign' | 'status' | null>(null);
  // A function of the current language: the summary follows a language switch, as its toast does.
  const [summary, setSummary] = useState<(() => string) | null>(null);
  const [exporting, setExporting] = useState(false);
  const rowLinks = useRef<(HTMLAnchorElement | null)[]>([]);
  const searchPanel = useRef<HTMLDetailsElement>(null);
  const listKey = `${tab}?${search.toString()}`;
  const selected = selection.key === listKey ? selection.ids : new Set<string>();
  const setSelected = (ids: ReadonlySet<string>) => setSelection({ key: listKey, ids });

  // A case-number search with exactly one hit opens the case.
  const single = search.get('case') && inbox.data?.total === 1 ? inbox.data.data[0] : undefined;
  useEffect(() => {
    if (single) void navigate(paths.dashboard.case.getHref(entityId, single.id), { replace: true });
  }, [single, entityId, navigate]);

  if (!isTab(tabParam))
    return <Navigate to={paths.dashboard.inbox.getHref(entityId, 'all')} replace />;
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
    changes.activity = form.get('activity') === 'new' ? 'new' : null;
    setSearch(withParams(changes));
  };
  const listSearch = caseSearch(tab, search);
  const pageIds = items.map((item) => item.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const onBulkDone = (result: BulkCaseResult) => {
    const failed = result.results
      .filter((r) => !r.ok)
      .map((r) => r.case_id ?? r.id)
      .join(', ');
    const text = () =>
      [
        t('bulk.summary', { changed: result.changed, total: result.results.length }),
        failed ? t('bulk.failed', { cases: failed }) : '',
      ]
        .join(' ')
        .trim();
    setSummary(() => text);
    showToast(result.failed ? 'error' : 'success', text);
    setSelected(new Set());
    setBulk(null);
  };
  const onExport = async () => {
    setExporting(true);
    try {
      const day = new Date().toISOString().slice(0, 10);
      await downloadInboxCsv(entityId, query, `${t('export.filename')}-${day}.csv`);
    } catch {
      showToast('error', () => t('export.failed'));
    } finally {
      setExporting(false);
    }
  };
  /** j / k: the focus moves to the next / previous case of the table. */
  const moveFocus = (step: 1 | -1) => {
    const links = rowLinks.current.filter((link): link is HTMLAnchorElement => link !== null);
    if (links.length === 0) return;
    const at = links.findIndex((link) => link === document.activeElement);
    const next = at === -1 ? (step === 1 ? 0 : links.length - 1) : at + step;
    links[Math.min(links.length - 1, Math.max(0, next))]?.focus();
  };
  const shortcuts: Shortcut[] = [
    { key: 'j', label: t('shortcuts.nextRow'), run: () => moveFocus(1) },
    { key: 'k', label: t('shortcuts.previousRow'), run: () => moveFocus(-1) },
    {
      key: '/',
      label: t('shortcuts.search'),
      run: () => {
        if (searchPanel.current) searchPanel.current.open = true;
        document.getElementById('search-case')?.focus();
      },
    },
  ];

  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page">
        <PageHeading caption={entity.data.data.display_name[locale]}>
          {t(`tabs.${tab}`)}
        </PageHeading>
        <p className="govgr-body">
          <Link className="govgr-link" to={paths.dashboard.templates.getHref(entityId)}>
            {t('templates.title')}
          </Link>
        </p>
        <nav aria-label={t('tabs.label')} className="dilosi-page-tabs dilosi-dashboard-tabs">
          <ul className="govgr-tabs__list">
            {INBOX_TABS.map((name) => (
              <li key={name} className="govgr-tabs__list-item">
                <Link
                  className="govgr-link"
                  to={paths.dashboard.inbox.getHref(entityId, name)}
                  aria-current={name === tab ? 'page' : undefined}
                >
                  {t(`tabs.${name}`)} ({meta.counts[name]})
                  {meta.new_counts?.[name] ? (
                    <> · {t('tabs.newCount', { count: meta.new_counts[name] })}</>
                  ) : null}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <details
          className="govgr-details"
          ref={searchPanel}
          open={FILTERS.some((key) => search.get(key)) || isNewActivityOnly(search)}
        >
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
              <div className="govgr-checkboxes__item">
                <input
                  className="govgr-checkboxes__input"
                  id="search-activity"
                  name="activity"
                  type="checkbox"
                  value="new"
                  aria-describedby="search-activity-hint"
                  defaultChecked={isNewActivityOnly(search)}
                />
                <label className="govgr-label govgr-checkboxes__label" htmlFor="search-activity">
                  {t('search.activity')}
                </label>
                <p className="govgr-hint" id="search-activity-hint">
                  {t('search.activityHint', { days: CASE_ACTIVITY_DAYS })}
                </p>
              </div>
            </div>
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
              <Link className="govgr-link" to={paths.dashboard.inbox.getHref(entityId, tab)}>
                {t('search.reset')}
              </Link>
            </div>
          </form>
        </details>

        <div className="dilosi-dashboard-toolbar">
          <p className="govgr-body" role="status">
            {t('list.total', { count: total })}
          </p>
          <button
            type="button"
            className="govgr-btn govgr-btn-secondary"
            disabled={exporting || total === 0}
            aria-busy={exporting || undefined}
            onClick={() => void onExport()}
          >
            {exporting ? t('export.preparing') : t('export.button')}
          </button>
          <KeyboardShortcutsHelp shortcuts={shortcuts} labels={shortcutLabels} />
        </div>
        {selected.size > 0 ? (
          <div className="dilosi-dashboard-bulk" role="group" aria-label={t('bulk.label')}>
            <p className="govgr-body">{t('bulk.selected', { count: selected.size })}</p>
            <button
              type="button"
              className="govgr-btn govgr-btn-primary"
              onClick={() => setBulk('assign')}
            >
              {t('bulk.assign')}
            </button>
            <button
              type="button"
              className="govgr-btn govgr-btn-secondary"
              onClick={() => setBulk('status')}
            >
              {t('bulk.status')}
            </button>
            <button type="button" className="govgr-link" onClick={() => setSelected(new Set())}>
              {t('bulk.clear')}
            </button>
          </div>
        ) : null}
        <AlertPreferenceForm entityId={entityId} />
        <div aria-live="polite">
          {summary ? <p className="govgr-body dilosi-dashboard-summary-line">{summary()}</p> : null}
        </div>
        {bulk ? (
          <BulkDialog
            kind={bulk}
            entityId={entityId}
            ids={[...selected]}
            onClose={() => setBulk(null)}
            onDone={onBulkDone}
          />
        ) : null}
        {items.length === 0 ? (
          tab === 'me' && search.has('redir') ? (
            <p className="govgr-body">
              <Link className="govgr-link" to={paths.dashboard.inbox.getHref(entityId, 'incoming')}>
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
                  <td className="govgr-table__header dilosi-dashboard-check">
                    <input
                      type="checkbox"
                      className="dilosi-dashboard-checkbox"
                      aria-label={t('list.selectAll')}
                      checked={allSelected}
                      onChange={(event) =>
                        setSelected(event.target.checked ? new Set(pageIds) : new Set())
                      }
                    />
                  </td>
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
                {items.map((item, index) => (
                  <tr key={item.id} className="govgr-table__row">
                    <td className="govgr-table__cell dilosi-dashboard-check">
                      <input
                        type="checkbox"
                        className="dilosi-dashboard-checkbox"
                        aria-label={t('list.select', { case: item.declaration.case_id })}
                        checked={selected.has(item.id)}
                        onChange={(event) => toggle(item.id, event.target.checked)}
                      />
                    </td>
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
                        className="govgr-link dilosi-dashboard-case-id"
                        ref={(link) => {
                          rowLinks.current[index] = link;
                        }}
                        to={paths.dashboard.case.getHref(entityId, item.id, listSearch)}
                      >
                        {item.declaration.case_id}
                      </Link>
                      {item.new_activity ? (
                        <>
                          {' '}
                          <strong className="dilosi-new-activity-tag">
                            {t('list.newActivity')}
                            <span className="govgr-visually-hidden">
                              {' '}
                              {t('list.newActivityHint')}
                            </span>
                          </strong>
                        </>
                      ) : null}
                    </td>
                    <td className="govgr-table__cell">
                      {t(`status.${item.inbox_status}`)}
                      {item.forwarded ? (
                        <>
                          {' '}
                          <span className="dilosi-forwarded-tag">{t('status.forwarded')}</span>
                        </>
                      ) : null}
                    </td>
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
          <PageLinks
            page={page}
            totalPages={totalPages}
            hrefOf={(link) =>
              `?${withParams({ page: link === 1 ? null : String(link) }).toString()}`
            }
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
