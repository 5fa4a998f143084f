import { z } from 'zod';
import { INBOX_TABS } from './dashboard-api';
import { INBOX_COLUMNS_MAX_LENGTH } from './inbox-columns';

/** The inbox list's URL parameters a saved view may hold (the filters, order, size, tabs' own). */
export const SAVED_VIEW_KEYS = [
  'case',
  'user',
  'document_title',
  'assignee',
  'assignee_id',
  'template',
  'annotation',
  'field',
  'date_from',
  'date_to',
  'ordering',
  'size',
  'activity',
  'followed',
  'opinions',
  'columns',
] as const;

/** The most views a clerk keeps per entity, and the longest name. */
export const SAVED_VIEWS_MAX = 20;
export const SAVED_VIEW_NAME_MAX = 60;

/** A clerk's saved view of an entity's list (issue #41): a name, a tab and its URL query. */
export const savedViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  tab: z.string(),
  /** The list's query string without `?` (only SAVED_VIEW_KEYS). */
  query: z.string(),
  created_at: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z.object({ data: z.array(savedViewSchema) });

/** POST /api/entity/{e}/saved-views. */
export const savedViewRequestSchema = z
  .object({
    name: z.string().max(SAVED_VIEW_NAME_MAX * 2),
    tab: z.enum(INBOX_TABS),
    query: z.string().max(1000),
  })
  .strict();
export type SavedViewRequest = z.infer<typeof savedViewRequestSchema>;

/**
 * The query kept of a list's URL: only the keys a view may hold, non-empty, in a stable order,
 * without the page; null when something else is there (a key unknown, a value too long).
 */
export function savedViewQuery(query: string): string | null {
  const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const kept = new URLSearchParams();
  for (const [key, value] of params) {
    // The page number belongs to the list, not to a view: it is left out.
    if (key === 'page') continue;
    if (!(SAVED_VIEW_KEYS as readonly string[]).includes(key)) return null;
    if (value.length > (key === 'columns' ? INBOX_COLUMNS_MAX_LENGTH : 200)) return null;
  }
  for (const key of SAVED_VIEW_KEYS) {
    const value = params.get(key)?.trim();
    if (value) kept.set(key, value);
  }
  return kept.toString();
}
