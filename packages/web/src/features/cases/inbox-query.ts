import { DASHBOARD_PAGE_SIZES, INBOX_TABS, type InboxTab } from '@dilosi/domain';

/** The search panel's fields, as the list's URL and the API name them. */
export const INBOX_FILTERS = [
  'case',
  'user',
  'document_title',
  'assignee',
  'date_from',
  'date_to',
] as const;

/** The search panel's pick-lists (issue #41): one template, one assignee (or `me`). */
export const INBOX_PICKS = ['template', 'assignee_id'] as const;

/** The search panel's annotation filter (issue #41): `annotation={fieldId}:{value}`. */
export const INBOX_ANNOTATION = 'annotation';

/** The search panel's filter on a form field of the chosen template (issue #41): `{key}:{text}`. */
export const INBOX_FORM_FIELD = 'field';

/** `activity=new` in the list's URL: only the cases with new activity for the viewer. */
export const isNewActivityOnly = (search: URLSearchParams) => search.get('activity') === 'new';

/** `followed=me` in the list's URL: only the cases the viewer follows (issue #41). */
export const isFollowedOnly = (search: URLSearchParams) => search.get('followed') === 'me';

/** `opinions=pending` in the list's URL: only the cases waiting for an opinion (issue #41). */
export const isOpinionsPendingOnly = (search: URLSearchParams) =>
  search.get('opinions') === 'pending';

export const isInboxTab = (value: string | null | undefined): value is InboxTab =>
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
  for (const key of [...INBOX_FILTERS, ...INBOX_PICKS, INBOX_ANNOTATION, INBOX_FORM_FIELD]) {
    const value = search.get(key)?.trim();
    // The `me` tab sets its own assignee.
    if (value && !(key === 'assignee_id' && query.has('assignee_id'))) query.set(key, value);
  }
  if (search.get('ordering') === 'received_at') query.set('ordering', 'received_at');
  if (isNewActivityOnly(search)) query.set('activity', 'new');
  if (isFollowedOnly(search)) query.set('followed', 'me');
  if (isOpinionsPendingOnly(search)) query.set('opinions', 'pending');
  return query;
}

/**
 * The case page's address carries the list it came from (its tab and filters) so that Back,
 * previous and next keep them: `tab` is added to the list's own search parameters.
 */
export function caseSearch(tab: InboxTab, listSearch: URLSearchParams): string {
  const search = new URLSearchParams(listSearch);
  search.delete('tab');
  if (tab !== 'all') search.set('tab', tab);
  return search.toString();
}

/** The list a case page was opened from: its tab and its own search parameters. */
export function listOf(caseUrlSearch: URLSearchParams): { tab: InboxTab; search: URLSearchParams } {
  const search = new URLSearchParams(caseUrlSearch);
  const tab = search.get('tab');
  search.delete('tab');
  return { tab: isInboxTab(tab) ? tab : 'all', search };
}

/** The list's search parameters with some changed: null or '' removes one. */
export function withSearchParams(
  search: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}
