import { CASE_ACTIVITY_DAYS, type InboxTab } from '@dilosi/domain';
import type { FormEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useActiveClerks } from '../api/list-active-clerks';
import {
  INBOX_ANNOTATION,
  INBOX_FORM_FIELD,
  INBOX_FILTERS,
  INBOX_PICKS,
  isFollowedOnly,
  isOpinionsPendingOnly,
  isNewActivityOnly,
} from '../inbox-query';
import { AnnotationFilter } from './annotation-filter';
import { TemplateFieldFilter } from './template-field-filter';

/**
 * The search panel: the filters, new activity only, and the order. It opens by itself when a
 * filter is on; submitting it hands the changes of the list's URL to `onSearch`.
 */
export function InboxFilters({
  entityId,
  tab,
  search,
  formKey,
  panelRef,
  onSearch,
}: {
  entityId: string;
  tab: InboxTab;
  search: URLSearchParams;
  /** The form is drawn again when the list's address changes (its defaults follow the URL). */
  formKey: string;
  panelRef: Ref<HTMLDetailsElement>;
  onSearch: (changes: Record<string, string | null>) => void;
}) {
  const { t } = useTranslation('dashboard');
  const clerks = useActiveClerks(entityId, true);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const changes: Record<string, string | null> = { page: null };
    for (const key of [...INBOX_FILTERS, ...INBOX_PICKS, 'ordering'] as const) {
      changes[key] = String(form.get(key) ?? '').trim() || null;
    }
    if (changes.ordering === '-received_at') changes.ordering = null;
    changes.activity = form.get('activity') === 'new' ? 'new' : null;
    changes.followed = form.get('followed') === 'me' ? 'me' : null;
    changes.opinions = form.get('opinions') === 'pending' ? 'pending' : null;
    const field = String(form.get('annotation_field') ?? '');
    const value = String(form.get('annotation_value') ?? '').trim();
    changes[INBOX_ANNOTATION] = field && value ? `${field}:${value}` : null;
    const formField = String(form.get('form_field') ?? '');
    const formValue = String(form.get('form_value') ?? '').trim();
    changes[INBOX_FORM_FIELD] =
      changes.template && formField && formValue ? `${formField}:${formValue}` : null;
    onSearch(changes);
  };
  return (
    <details
      className="govgr-details"
      ref={panelRef}
      open={
        [...INBOX_FILTERS, ...INBOX_PICKS, INBOX_ANNOTATION, INBOX_FORM_FIELD].some((key) =>
          search.get(key),
        ) ||
        isNewActivityOnly(search) ||
        isFollowedOnly(search) ||
        isOpinionsPendingOnly(search)
      }
    >
      <summary className="govgr-details__summary">
        <span className="govgr-details__summary-text">{t('search.title')}</span>
      </summary>
      <form className="govgr-details__text dilosi-dashboard-search" onSubmit={submit} key={formKey}>
        {INBOX_FILTERS.map((key) => (
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
        <TemplateFieldFilter
          entityId={entityId}
          template={search.get('template')}
          field={search.get(INBOX_FORM_FIELD)}
        />
        <div className="govgr-form-group">
          <label className="govgr-label" htmlFor="search-assignee_id">
            {t('search.assignee_id')}
          </label>
          <select
            className="govgr-select"
            id="search-assignee_id"
            name="assignee_id"
            defaultValue={search.get('assignee_id') ?? ''}
          >
            <option value="">{t('search.anyAssignee')}</option>
            <option value="me">{t('search.me')}</option>
            {[...new Map((clerks.data?.data ?? []).map((c) => [c.user_id, c])).values()].map(
              (clerk) => (
                <option key={clerk.user_id} value={clerk.user_id}>
                  {clerk.user_display_name}
                </option>
              ),
            )}
          </select>
        </div>
        <AnnotationFilter entityId={entityId} current={search.get(INBOX_ANNOTATION)} />
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
          <div className="govgr-checkboxes__item">
            <input
              className="govgr-checkboxes__input"
              id="search-followed"
              name="followed"
              type="checkbox"
              value="me"
              defaultChecked={isFollowedOnly(search)}
            />
            <label className="govgr-label govgr-checkboxes__label" htmlFor="search-followed">
              {t('search.followed')}
            </label>
          </div>
          <div className="govgr-checkboxes__item">
            <input
              className="govgr-checkboxes__input"
              id="search-opinions"
              name="opinions"
              type="checkbox"
              value="pending"
              defaultChecked={isOpinionsPendingOnly(search)}
            />
            <label className="govgr-label govgr-checkboxes__label" htmlFor="search-opinions">
              {t('search.opinionsPending')}
            </label>
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
            defaultValue={search.get('ordering') === 'received_at' ? 'received_at' : '-received_at'}
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
  );
}
