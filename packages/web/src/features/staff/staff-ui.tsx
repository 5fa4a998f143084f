import { DASHBOARD_PAGE_SIZES, ENTITY_ROLES, type EntityRole } from '@dilosi/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';
import { isApiRequestError } from '../../api/api-client';
import { PageLinks } from '../../ui/page-links';
import {
  Checkbox,
  ErrorSummary as FormErrorSummary,
  FieldGroup,
  RadioGroup,
  type ErrorSummaryItem,
  type SchemaFieldProps,
} from '../../ui/form';
import { showToast } from '../../ui/toasts';
import { paths } from '../../config/paths';

/**
 * Building blocks of the staff pages (issue #14): their fields and error summary on the form kit
 * (`ui/form`), the head's navigation, paging.
 */

/**
 * The kit's error summary of a staff form (`useSchemaForm`'s `summary`); the form's
 * `attachSummary` is its ref, so a failed submit moves the focus to it.
 */
export function ErrorSummary({
  items,
  ref,
}: {
  items: readonly ErrorSummaryItem[];
  ref: (node: HTMLElement | null) => void;
}) {
  const { t } = useTranslation('dashboard');
  if (items.length === 0) return null;
  return (
    <FormErrorSummary
      ref={ref}
      title={t('staff.form.errorTitle')}
      headingClassName="govgr-heading-s"
      items={items}
    />
  );
}

/** Clerk or head, one of them (a request, a person added). */
export function RoleChoice({
  legend,
  field,
}: {
  legend: string;
  field: SchemaFieldProps<EntityRole>;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <FieldGroup id={field.id} legend={legend} error={field.error}>
      <RadioGroup
        {...field}
        options={ENTITY_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
      />
    </FieldGroup>
  );
}

/** A staff member's roles, clerk and / or head; the first box carries the field's id. */
export function RolesChoice({
  legend,
  field,
}: {
  legend: string;
  field: SchemaFieldProps<EntityRole[]>;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <FieldGroup id={field.id} legend={legend} error={field.error}>
      {ENTITY_ROLES.map((role, index) => (
        <Checkbox
          key={role}
          id={index === 0 ? field.id : `${field.id}-${role}`}
          label={t(`staff.roles.${role}`)}
          checked={field.value.includes(role)}
          onChange={(checked) =>
            field.onChange(
              checked ? [...field.value, role] : field.value.filter((held) => held !== role),
            )
          }
        />
      ))}
    </FieldGroup>
  );
}

/** Codes of the staff pages that have a message of their own; others get the generic one. */
const KNOWN_CODES = new Set([
  'already_enrolled',
  'not_valid_entity',
  'request_exists',
  'own_head_entry',
  'entity_not_managed',
  'action_not_allowed_on_state',
  'head_permission_denied',
  'role_permission_denied',
]);

/** One snackbar per error code (spec section 8), else the generic error. */
export function useErrorToast() {
  const { t } = useTranslation(['dashboard', 'errors']);
  return (error: unknown, generic?: () => string) => {
    const code = isApiRequestError(error) ? error.code : '';
    showToast('error', () =>
      KNOWN_CODES.has(code)
        ? t(`errors:${code}` as 'errors:already_enrolled')
        : (generic?.() ?? t('staff.form.genericError')),
    );
  };
}

/** The head's pages of an entity. */
export function HeadNav({ entityId }: { entityId: string }) {
  const { t } = useTranslation('dashboard');
  const links = [
    [paths.dashboard.usersActive.getHref(entityId), t('staff.nav.active')],
    [paths.dashboard.usersPending.getHref(entityId), t('staff.nav.pending')],
    [paths.dashboard.settings.getHref(entityId), t('staff.nav.settings')],
    [paths.dashboard.statistics.getHref(entityId), t('statistics.nav')],
    [paths.dashboard.inbox.getHref(entityId, 'all'), t('entities.open')],
  ] as const;
  return (
    <nav className="dilosi-page-tabs dilosi-dashboard-tabs" aria-label={t('staff.nav.label')}>
      <ul>
        {links.map(([to, label]) => (
          <li key={to}>
            <NavLink className="govgr-link" to={to} end>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `page` and `size` in the URL: the page links and the page-size choice (10, 30, 60, 100). */
export function usePaging() {
  const [search, setSearch] = useSearchParams();
  const size = Number(search.get('size'));
  const limit = (DASHBOARD_PAGE_SIZES as readonly number[]).includes(size)
    ? size
    : DASHBOARD_PAGE_SIZES[0];
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    return next;
  };
  return { limit, page, offset: (page - 1) * limit, withParams, setSearch };
}

export function Paging({ count, id }: { count: number; id: string }) {
  const { t } = useTranslation('dashboard');
  const { limit, page, withParams, setSearch } = usePaging();
  const totalPages = Math.max(1, Math.ceil(count / limit));
  return (
    <div className="dilosi-dashboard-paging">
      <p className="govgr-body">{t('staff.paging.total', { count })}</p>
      <PageLinks
        page={page}
        totalPages={totalPages}
        hrefOf={(link) => `?${withParams({ page: link === 1 ? null : String(link) }).toString()}`}
        label={t('staff.paging.pagination')}
        pageLabel={(link) => t('staff.paging.page', { page: link })}
        className="dilosi-dashboard-pages"
      />
      <label className="govgr-label" htmlFor={id}>
        {t('staff.paging.pageSize')}
      </label>
      <select
        className="govgr-select"
        id={id}
        value={limit}
        onChange={(event) =>
          setSearch(
            withParams({
              size:
                event.target.value === String(DASHBOARD_PAGE_SIZES[0]) ? null : event.target.value,
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
  );
}

/** A table in a scrollable, labelled region (narrow screens scroll the table, not the page). */
export function StaffTable(props: {
  id: string;
  caption: string;
  head: string[];
  children: ReactNode;
}) {
  return (
    <div className="govgr-table-container" role="region" aria-labelledby={props.id} tabIndex={0}>
      <table className="govgr-table">
        <caption id={props.id} className="govgr-table__caption govgr-table__caption--s">
          {props.caption}
        </caption>
        <thead className="govgr-table__head">
          <tr className="govgr-table__row">
            {props.head.map((label) => (
              <th key={label} scope="col" className="govgr-table__header">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="govgr-table__body">{props.children}</tbody>
      </table>
    </div>
  );
}
