import { inboxColumns, type BulkCaseResult, type InboxTab } from '@dilosi/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAnnotationFields } from '../../api/annotation-fields';
import { useEntity } from '../../api/get-entity';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { AlertPreferenceForm } from './alert-preference-form';
import { useInbox } from './api/list-inbox';
import { useBulkCaseAction } from './api/bulk-update-cases';
import { BulkDialog } from './bulk-dialog';
import { InboxBulkBar } from './inbox/inbox-bulk-bar';
import { InboxFilters } from './inbox/inbox-filters';
import { InboxPaging } from './inbox/inbox-paging';
import { InboxTable } from './inbox/inbox-table';
import { ColumnChooser } from './inbox/column-chooser';
import { SpreadsheetExports } from './inbox/spreadsheet-exports';
import { InboxTabs } from './inbox/inbox-tabs';
import { InboxToolbar } from './inbox/inbox-toolbar';
import { SavedViews } from './inbox/saved-views';
import { caseSearch, inboxQuery, isInboxTab, withSearchParams } from './inbox-query';
import '../../ui/dashboard.css';

/**
 * /dashboard/entities/show/{entityId}/inbox/list/{tab}: tabs with counts, the search panel, the
 * cases table and the pages. Every filter, the page, its size and the order live in the URL.
 */
export function InboxListPage() {
  const { entityId = '', tab: tabParam } = useParams();
  const tab: InboxTab = isInboxTab(tabParam) ? tabParam : 'all';
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const entity = useEntity(entityId);
  const query = inboxQuery(tab, search);
  const inbox = useInbox(entityId, query);
  const annotationFields = useAnnotationFields(entityId);
  const limit = Number(query.get('limit'));
  const page = Number(query.get('offset')) / limit + 1;
  // A selection belongs to the page it was made on: another page or filter starts empty.
  const [selection, setSelection] = useState<{ key: string; ids: ReadonlySet<string> }>({
    key: '',
    ids: new Set(),
  });
  const [bulk, setBulk] = useState<'assign' | 'status' | null>(null);
  const bulkDismiss = useBulkCaseAction(entityId);
  // A function of the current language: the summary follows a language switch, as its toast does.
  const [summary, setSummary] = useState<(() => string) | null>(null);
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

  if (!isInboxTab(tabParam))
    return <Navigate to={paths.dashboard.inbox.getHref(entityId, 'all')} replace />;
  if (entity.isError) throw entity.error;
  if (inbox.isError) throw inbox.error;
  if (entity.isPending || inbox.isPending) return <PageSkeleton />;

  const { data: items, total, meta } = inbox.data;
  const fields = annotationFields.data?.data ?? [];
  const columns = inboxColumns(
    search.get('columns'),
    fields.map((field) => field.id),
  );
  const withParams = (changes: Record<string, string | null>) => withSearchParams(search, changes);
  const isOldestFirst = search.get('ordering') === 'received_at';
  const listSearch = caseSearch(tab, search);
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
          {' · '}
          <Link className="govgr-link" to={paths.dashboard.bin.getHref(entityId)}>
            {t('bin.nav')}
          </Link>
          {' · '}
          <Link className="govgr-link" to={paths.dashboard.opinions.getHref(entityId)}>
            {t('opinions.inboxNav')}
          </Link>
        </p>
        <InboxTabs entityId={entityId} tab={tab} meta={meta} />
        <InboxFilters
          entityId={entityId}
          tab={tab}
          search={search}
          formKey={listSearch}
          panelRef={searchPanel}
          onSearch={(changes) => setSearch(withParams(changes))}
        />
        <SavedViews entityId={entityId} tab={tab} search={search} />
        <SpreadsheetExports entityId={entityId} tab={tab} query={query} />
        <ColumnChooser
          key={columns.join(',')}
          columns={columns}
          fields={fields}
          onChoose={(chosen) => setSearch(withParams({ columns: chosen }))}
        />
        <InboxToolbar
          entityId={entityId}
          query={query}
          total={total}
          rowLinks={rowLinks}
          onSearchShortcut={() => {
            if (searchPanel.current) searchPanel.current.open = true;
            document.getElementById('search-case')?.focus();
          }}
        />
        {selected.size > 0 ? (
          <InboxBulkBar
            count={selected.size}
            onAssign={() => setBulk('assign')}
            onStatus={() => setBulk('status')}
            onDismiss={() =>
              bulkDismiss.mutate(
                { action: 'dismiss', ids: [...selected] },
                {
                  onSuccess: (answer) => onBulkDone(answer.data),
                  onError: () => showToast('error', () => t('bin.failed')),
                },
              )
            }
            onClear={() => setSelected(new Set())}
          />
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
          <InboxTable
            entityId={entityId}
            caption={t('list.caption', { tab: t(`tabs.${tab}`) })}
            items={items}
            selected={selected}
            onSelect={setSelected}
            isOldestFirst={isOldestFirst}
            sortHref={`?${withParams({ ordering: isOldestFirst ? null : 'received_at', page: null }).toString()}`}
            caseSearch={listSearch}
            rowLinks={rowLinks}
            columns={columns}
            fields={fields}
          />
        )}
        <InboxPaging
          page={page}
          totalPages={Math.max(1, Math.ceil(total / limit))}
          limit={limit}
          hrefOfPage={(link) =>
            `?${withParams({ page: link === 1 ? null : String(link) }).toString()}`
          }
          onSize={(size) => setSearch(withParams({ size, page: null }))}
        />
      </div>
    </PageContainer>
  );
}
