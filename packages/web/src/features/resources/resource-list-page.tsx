import {
  hasEntityRole,
  RESOURCE_NAMES,
  RESOURCE_ROLES,
  type Locale,
  type ResourceAction,
  type ResourceField,
  type ResourceRow,
} from '@dilosi/domain';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link, NavLink, useParams, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { useErrorMessage } from '../../ui/use-error-message';
import { PageContainer } from '../../ui/page-container';
import { pageLinks } from '../../ui/pagination';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { Select, Textarea, TextInput } from '../../ui/form';
import { useEntity } from './api/get-entity';
import { useResourceInfo } from './api/get-resource-info';
import { useResourceAction, useResourceList } from './api/run-resource-action';
import '../../ui/dashboard.css';

/** A label the server names by its i18n key (a resource's fields and actions). */
function label(t: TFunction<'dashboard'>, key: string): string {
  return t(key, { defaultValue: key });
}

/** A field's closed set of values, as a resource action offers them, if any. */
function choicesOf(actions: ResourceAction[], name: string): string[] | undefined {
  return actions.find((action) => action.choices?.[name])?.choices?.[name];
}

/**
 * How one of a field's closed set of values reads: its title in the reader's language when the
 * catalogue names it (`value_titles`: a template's refname), else its label under `labels`, else
 * the value itself.
 */
function valueText(
  t: TFunction<'dashboard'>,
  locale: Locale,
  field: ResourceField | undefined,
  value: string,
  labels: string,
): string {
  const title = field?.value_titles?.[value];
  return title ? title[locale] : t(`${labels}.${value}`, { defaultValue: value });
}

/** The last rows' menus open upward, so that they stay on the page (spec: admin list page). */
const UPWARD_ROWS = 5;

function CellValue({ field, value }: { field: ResourceField; value: ResourceRow[string] }) {
  const { t, i18n } = useTranslation('dashboard');
  const locale = useLocale();
  if (value === null || value === undefined) return <>—</>;
  if (field.type === 'boolean') return <>{value ? t('entities.yes') : t('entities.no')}</>;
  if (field.type === 'datetime' && typeof value === 'string') {
    return <>{new Date(value).toLocaleString(i18n.language)}</>;
  }
  if (typeof value === 'string' && field.value_titles?.[value]) {
    return <>{field.value_titles[value][locale]}</>;
  }
  if (field.value_labels) {
    return <>{t(`${field.value_labels}.${String(value)}`, { defaultValue: String(value) })}</>;
  }
  return <>{String(value)}</>;
}

/** One row's actions, behind a menu button; the menu opens upward near the end of a long list. */
function RowMenu({
  row,
  rowLabel,
  actions,
  isUpward,
  onAction,
}: {
  row: ResourceRow;
  rowLabel: string;
  actions: ResourceAction[];
  isUpward: boolean;
  onAction: (action: ResourceAction, row: ResourceRow) => void;
}) {
  const { t } = useTranslation('dashboard');
  const [isOpen, setOpen] = useState(false);
  const menuId = useId();
  const available = actions.filter((action) => !action.when || row[action.when] === true);
  if (available.length === 0) return null;
  return (
    <div className="dilosi-row-menu">
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary dilosi-row-menu__button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label={t('resources.rowMenu', { row: rowLabel })}
        onClick={() => setOpen((open) => !open)}
      >
        {t('resources.actions.column')}
      </button>
      <ul
        id={menuId}
        hidden={!isOpen}
        className={`dilosi-row-menu__list${isUpward ? ' dilosi-row-menu__list--up' : ''}`}
        data-direction={isUpward ? 'up' : 'down'}
      >
        {available.map((action) => (
          <li key={action.name}>
            <button
              type="button"
              className="govgr-link dilosi-row-menu__item"
              onClick={() => {
                setOpen(false);
                onAction(action, row);
              }}
            >
              {label(t, action.label)}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The form of an action that asks for arguments (create, edit). */
function ActionForm({
  action,
  fields,
  row,
  isPending,
  error,
  onSubmit,
  onCancel,
}: {
  action: ResourceAction;
  /** The resource's fields: an argument named as one shows its values as the list does. */
  fields: ResourceField[];
  row: ResourceRow | null;
  isPending: boolean;
  error: string | null;
  onSubmit: (values: Record<string, string>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const id = useId();
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      action.arguments.map((name) => [
        name,
        String(row?.[name] ?? action.choices?.[name]?.[0] ?? ''),
      ]),
    ),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(values);
  };
  return (
    <form
      className="dilosi-resource-form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="govgr-heading-m">
        {label(t, action.label)}
      </h2>
      {action.arguments.map((name, index) => {
        const choices = action.choices?.[name];
        // The error is the whole action's: shown once, under the last argument.
        const shownError = index === action.arguments.length - 1 ? error : null;
        return choices ? (
          <Select
            key={name}
            id={`${id}-${name}`}
            label={label(t, `resources.arguments.${name}`)}
            value={values[name] ?? ''}
            error={shownError}
            onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          >
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {valueText(
                  t,
                  locale,
                  fields.find((field) => field.name === name),
                  choice,
                  'resources.choices',
                )}
              </option>
            ))}
          </Select>
        ) : (
          <Textarea
            key={name}
            id={`${id}-${name}`}
            label={label(t, `resources.arguments.${name}`)}
            value={values[name] ?? ''}
            error={shownError}
            rows={3}
            onChange={(event) => setValues({ ...values, [name]: event.target.value })}
          />
        );
      })}
      <div className="govgr-button-group">
        <button type="submit" className="govgr-btn govgr-btn-primary" disabled={isPending}>
          {t('resources.save')}
        </button>
        <button type="button" className="govgr-btn govgr-btn-secondary" onClick={onCancel}>
          {t('resources.cancel')}
        </button>
      </div>
    </form>
  );
}

/**
 * /dashboard/entities/show/{id}/resource/{resource}: the generic admin list page (spec: side
 * navigation, heading, resource actions, one column per ordered field plus 'Ενέργειες', a loader
 * row, a 'No data' row, pagination from meta, upward menus for the last rows).
 */
export function ResourceListPage() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const { entityId = '', resourceId = RESOURCE_NAMES[0] } = useParams();
  const [search, setSearch] = useSearchParams();
  const entity = useEntity(entityId);
  const gate = entity.data?.data.codename;
  const info = useResourceInfo(gate, resourceId);
  const page = Math.max(1, Number(search.get('page')) || 1);
  const filters = Object.fromEntries(
    (info.data?.data.fields ?? [])
      .filter((field) => field.filterable && search.get(field.name))
      .map((field) => [field.name, search.get(field.name) ?? '']),
  );
  const pageSize = 20;
  const list = useResourceList(gate, resourceId, { ...filters, offset: (page - 1) * pageSize });
  const run = useResourceAction(gate ?? '', resourceId);
  const [editing, setEditing] = useState<{
    action: ResourceAction;
    row: ResourceRow | null;
  } | null>(null);
  const filterId = useId();

  if (entity.isError) throw entity.error;
  if (info.isError) throw info.error;
  if (!info.data || !gate) return <PageSkeleton />;
  const resource = info.data.data;
  const roles = entity.data?.data.roles ?? [];
  const rows = list.data?.data ?? [];
  const meta = list.data?.meta;
  const pages = meta ? Math.max(1, Math.ceil(meta.count / meta.limit)) : 1;
  const hasRowActions = resource.row_actions.length > 0;
  const columns = resource.fields.length + (hasRowActions ? 1 : 0);
  const isLoading = list.isPending || list.isFetching;
  const actionError = run.error ? errorMessage(run.error) : null;

  const onAction = (action: ResourceAction, row: ResourceRow | null) => {
    run.reset();
    if (action.arguments.length > 0) {
      setEditing({ action, row });
      return;
    }
    run.mutate({ action: action.name, arguments: {}, object_id: String(row?.id ?? '') });
  };
  const onSubmitForm = (values: Record<string, string>) => {
    if (!editing) return;
    run.mutate(
      {
        action: editing.action.name,
        arguments: values,
        ...(editing.row ? { object_id: String(editing.row.id) } : {}),
      },
      { onSuccess: () => setEditing(null) },
    );
  };
  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const [name, value] of data)
      if (typeof value === 'string' && value.trim()) next.set(name, value.trim());
    setSearch(next);
  };
  const pageHref = (n: number) => {
    const next = new URLSearchParams(search);
    if (n > 1) next.set('page', String(n));
    else next.delete('page');
    return `?${next.toString()}`;
  };

  return (
    <PageContainer narrow={false}>
      <div className="dilosi-wide-page dilosi-resource-page">
        <nav className="dilosi-resource-nav" aria-label={t('resources.nav')}>
          <ul>
            {RESOURCE_NAMES.filter((name) => hasEntityRole(roles, RESOURCE_ROLES[name])).map(
              (name) => (
                <li key={name}>
                  <NavLink
                    className="govgr-link"
                    to={paths.dashboard.resource.getHref(entityId, name)}
                  >
                    {label(t, `resources.${name}.title`)}
                  </NavLink>
                </li>
              ),
            )}
          </ul>
        </nav>
        <div className="dilosi-resource-main">
          <PageHeading>{label(t, resource.title)}</PageHeading>
          {resource.resource_actions.length > 0 ? (
            <div className="govgr-button-group">
              {resource.resource_actions.map((action) => (
                <button
                  key={action.name}
                  type="button"
                  className="govgr-btn govgr-btn-primary"
                  onClick={() => onAction(action, null)}
                >
                  {label(t, action.label)}
                </button>
              ))}
            </div>
          ) : null}
          {editing ? (
            <ActionForm
              key={`${editing.action.name}-${String(editing.row?.id ?? 'new')}`}
              action={editing.action}
              fields={resource.fields}
              row={editing.row}
              isPending={run.isPending}
              error={actionError}
              onSubmit={onSubmitForm}
              onCancel={() => setEditing(null)}
            />
          ) : actionError ? (
            <p className="govgr-error-message" role="alert">
              {actionError}
            </p>
          ) : null}
          {resource.fields.some((field) => field.filterable) ? (
            <form className="dilosi-dashboard-search" onSubmit={onFilter} role="search">
              {resource.fields
                .filter((field) => field.filterable)
                .map((field) => {
                  const choices = field.choices ?? choicesOf(resource.resource_actions, field.name);
                  const key = `${field.name}-${search.get(field.name) ?? ''}`;
                  const common = {
                    id: `${filterId}-${field.name}`,
                    name: field.name,
                    label: label(t, field.label),
                    defaultValue: search.get(field.name) ?? '',
                  };
                  return choices ? (
                    <Select key={key} {...common}>
                      <option value="">{t('resources.all')}</option>
                      {choices.map((choice) => (
                        <option key={choice} value={choice}>
                          {valueText(
                            t,
                            locale,
                            field,
                            choice,
                            field.value_labels ?? 'resources.choices',
                          )}
                        </option>
                      ))}
                    </Select>
                  ) : (
                    <TextInput key={key} {...common} />
                  );
                })}
              <div>
                <button type="submit" className="govgr-btn govgr-btn-secondary">
                  {t('resources.filter')}
                </button>
              </div>
            </form>
          ) : null}
          <div
            className="govgr-table-container"
            role="region"
            aria-labelledby={`${filterId}-caption`}
            tabIndex={0}
          >
            <table className="govgr-table dilosi-resource-table" aria-busy={isLoading}>
              <caption id={`${filterId}-caption`} className="govgr-visually-hidden">
                {label(t, resource.title)}
              </caption>
              <thead className="govgr-table__head">
                <tr className="govgr-table__row">
                  {resource.fields.map((field) => (
                    <th key={field.name} scope="col" className="govgr-table__header">
                      {label(t, field.label)}
                    </th>
                  ))}
                  {hasRowActions ? (
                    <th scope="col" className="govgr-table__header">
                      {t('resources.actions.column')}
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody className="govgr-table__body">
                {isLoading ? (
                  <tr className="govgr-table__row">
                    <td className="govgr-table__cell" colSpan={columns} role="status">
                      {t('resources.loading')}
                    </td>
                  </tr>
                ) : null}
                {!list.isPending && rows.length === 0 ? (
                  <tr className="govgr-table__row">
                    <td className="govgr-table__cell" colSpan={columns}>
                      {t('resources.noData')}
                    </td>
                  </tr>
                ) : null}
                {rows.map((row, index) => (
                  <tr key={String(row.id)} className="govgr-table__row">
                    {resource.fields.map((field) => (
                      <td key={field.name} className="govgr-table__cell">
                        <CellValue field={field} value={row[field.name] ?? null} />
                      </td>
                    ))}
                    {hasRowActions ? (
                      <td className="govgr-table__cell">
                        <RowMenu
                          row={row}
                          rowLabel={String(index + 1 + (page - 1) * pageSize)}
                          actions={resource.row_actions}
                          isUpward={rows.length > UPWARD_ROWS && index >= rows.length - UPWARD_ROWS}
                          onAction={onAction}
                        />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {meta && pages > 1 ? (
            <nav className="dilosi-dashboard-paging" aria-label={t('resources.pagination')}>
              <ul className="dilosi-dashboard-pages">
                {pageLinks(page, pages).map((n, i) =>
                  n === 'gap' ? (
                    <li key={`gap-${i}`} aria-hidden="true">
                      …
                    </li>
                  ) : (
                    <li key={n}>
                      <Link
                        className="govgr-link"
                        to={pageHref(n)}
                        aria-current={n === page ? 'page' : undefined}
                      >
                        {t('resources.page', { page: n })}
                      </Link>
                    </li>
                  ),
                )}
              </ul>
            </nav>
          ) : null}
        </div>
      </div>
    </PageContainer>
  );
}
