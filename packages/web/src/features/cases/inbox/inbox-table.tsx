import {
  annotationColumnField,
  formatAthensDateTime,
  type AnnotationField,
  type InboxColumn,
  type InboxList,
} from '@dilosi/domain';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useLocale } from '../../../i18n/use-locale';
import { AgeLabel } from '../../../ui/age-label';

type InboxItem = InboxList['data'][number];

/**
 * One page of cases: a checkbox each for the bulk actions, the date (sortable), the case (with
 * its new-activity mark), then the chosen columns: its state, template, citizen, assignee, and
 * annotations (issue #41).
 */
export function InboxTable({
  entityId,
  caption,
  items,
  selected,
  onSelect,
  isOldestFirst,
  sortHref,
  caseSearch,
  rowLinks,
  columns,
  fields,
}: {
  entityId: string;
  caption: string;
  items: InboxItem[];
  selected: ReadonlySet<string>;
  onSelect: (ids: ReadonlySet<string>) => void;
  isOldestFirst: boolean;
  /** The list ordered the other way. */
  sortHref: string;
  /** The case page's search parameters: the list it was opened from. */
  caseSearch: string;
  /** The case links, for the j / k shortcuts. */
  rowLinks: RefObject<(HTMLAnchorElement | null)[]>;
  /** The columns after the date and the case, in order. */
  columns: readonly InboxColumn[];
  /** The entity's annotation fields (their labels and kinds). */
  fields: readonly AnnotationField[];
}) {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const pageIds = items.map((item) => item.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
  const fieldOf = (column: InboxColumn) => {
    const id = annotationColumnField(column);
    return id === null ? undefined : fields.find((field) => field.id === id);
  };
  const headerOf = (column: InboxColumn) =>
    fieldOf(column)?.label ??
    {
      status: t('list.status'),
      template: t('list.template'),
      name: t('list.name'),
      assignee: t('list.assignee'),
    }[column as 'status'];
  const annotationCell = (item: InboxItem, field: AnnotationField) => {
    const value = item.annotations?.[field.id];
    if (value === undefined) return '—';
    if (field.kind === 'yes_no') return t(value === 'yes' ? 'annotations.yes' : 'annotations.no');
    if (field.kind === 'date') return `${value.slice(8)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
    return value;
  };
  const cellOf = (item: InboxItem, column: InboxColumn) => {
    const field = fieldOf(column);
    if (field) return annotationCell(item, field);
    switch (column) {
      case 'status':
        return (
          <>
            {t(`status.${item.inbox_status}`)}
            {item.forwarded ? (
              <>
                {' '}
                <span className="dilosi-forwarded-tag">{t('status.forwarded')}</span>
              </>
            ) : null}
          </>
        );
      case 'template':
        return item.declaration.template.shortname[locale];
      case 'name':
        return item.declaration.user_display_name;
      default:
        return item.assignee_display_name ?? t('list.unassigned');
    }
  };
  return (
    <div
      className="govgr-table-container"
      role="region"
      aria-labelledby="inbox-caption"
      tabIndex={0}
    >
      <table className="govgr-table govgr-table--dense">
        <caption id="inbox-caption" className="govgr-table__caption govgr-table__caption--s">
          {caption}
        </caption>
        <thead className="govgr-table__head">
          <tr className="govgr-table__row">
            <td className="govgr-table__header dilosi-dashboard-check">
              <input
                type="checkbox"
                className="dilosi-dashboard-checkbox"
                aria-label={t('list.selectAll')}
                checked={allSelected}
                onChange={(event) => onSelect(event.target.checked ? new Set(pageIds) : new Set())}
              />
            </td>
            <th
              scope="col"
              className="govgr-table__header"
              aria-sort={isOldestFirst ? 'ascending' : 'descending'}
            >
              <Link className="govgr-link" to={sortHref}>
                {t('list.date')}
              </Link>
            </th>
            <th scope="col" className="govgr-table__header">
              {t('list.case')}
            </th>
            {columns.map((column) => (
              <th scope="col" className="govgr-table__header" key={column}>
                {headerOf(column)}
              </th>
            ))}
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
                  <AgeLabel since={item.declaration.timestamp} />
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
                  to={paths.dashboard.case.getHref(entityId, item.id, caseSearch)}
                >
                  {item.declaration.case_id}
                </Link>
                {item.new_activity ? (
                  <>
                    {' '}
                    <strong className="dilosi-new-activity-tag">
                      {t('list.newActivity')}
                      <span className="govgr-visually-hidden"> {t('list.newActivityHint')}</span>
                    </strong>
                  </>
                ) : null}
              </td>
              {columns.map((column) => (
                <td className="govgr-table__cell" key={column}>
                  {cellOf(item, column)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
