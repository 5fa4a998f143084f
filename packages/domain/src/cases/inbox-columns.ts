/**
 * The columns of an entity's list of cases a clerk chooses (issue #41): beside the date and the
 * case number, always shown, the state, template, citizen and assignee, and any of the entity's
 * annotation fields. Kept in the list's URL as `columns` (so saved views keep them), e.g.
 * `columns=status,name,annotation:{fieldId}`; absent, the four standard columns.
 */
export const INBOX_STANDARD_COLUMNS = ['status', 'template', 'name', 'assignee'] as const;
export type InboxStandardColumn = (typeof INBOX_STANDARD_COLUMNS)[number];
export type InboxColumn = InboxStandardColumn | `annotation:${string}`;

/** The longest `columns` value a list's URL (and a saved view) keeps. */
export const INBOX_COLUMNS_MAX_LENGTH = 600;

const annotationColumn = (fieldId: string): InboxColumn => `annotation:${fieldId}`;

/**
 * The columns `param` names, in its order, without repeats, unknown names or fields the entity no
 * longer has; the standard four when it names none.
 */
export function inboxColumns(param: string | null, fieldIds: readonly string[]): InboxColumn[] {
  if (!param) return [...INBOX_STANDARD_COLUMNS];
  const known = new Set<string>([...INBOX_STANDARD_COLUMNS, ...fieldIds.map(annotationColumn)]);
  const chosen: InboxColumn[] = [];
  for (const name of param.split(',')) {
    const column = name.trim() as InboxColumn;
    if (known.has(column) && !chosen.includes(column)) chosen.push(column);
  }
  return chosen.length > 0 ? chosen : [...INBOX_STANDARD_COLUMNS];
}

/** The `columns` value of a choice; null for the standard four (the URL stays short). */
export function inboxColumnsParam(columns: readonly InboxColumn[]): string | null {
  const standard =
    columns.length === INBOX_STANDARD_COLUMNS.length &&
    columns.every((column, index) => column === INBOX_STANDARD_COLUMNS[index]);
  return standard || columns.length === 0 ? null : columns.join(',');
}

/** The field id of an annotation column; null for a standard one. */
export function annotationColumnField(column: InboxColumn): string | null {
  return column.startsWith('annotation:') ? column.slice('annotation:'.length) : null;
}
