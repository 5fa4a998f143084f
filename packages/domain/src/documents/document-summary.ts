import type { Template } from '../templates/template-schema';

/** How long a summary may be, in characters, before it is cut at a word and marked with "…". */
export const DOCUMENT_SUMMARY_MAX_LENGTH = 90;

/**
 * The first words of a document, so that two solemn declarations in a list are told apart
 * (issue #33): the first free-text field (component `text`, the statement, purpose, description
 * …) the citizen filled, on one line, cut at a word. Null when the template has none filled.
 */
export function documentSummary(
  template: Pick<Template, 'fields'>,
  values: Record<string, unknown>,
  maxLength = DOCUMENT_SUMMARY_MAX_LENGTH,
): string | null {
  for (const field of template.fields) {
    if (field.component !== 'text') continue;
    const value = values[field.key];
    if (typeof value !== 'string') continue;
    const line = value.replace(/\s+/g, ' ').trim();
    if (line === '') continue;
    if (line.length <= maxLength) return line;
    const cut = line.slice(0, maxLength);
    const lastSpace = cut.lastIndexOf(' ');
    return `${(lastSpace > maxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
  }
  return null;
}
