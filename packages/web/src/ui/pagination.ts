/** A page number, or a gap shown as dots. */
export type PageLink = number | 'gap';

/**
 * Pagination of the dashboard's and the vault's lists (spec section 9): up to 10 pages, all of them; otherwise the first,
 * dots, the current page to current + 2, dots, the last.
 */
export function pageLinks(current: number, total: number): PageLink[] {
  if (total <= 10) return Array.from({ length: total }, (_, i) => i + 1);
  const from = Math.min(Math.max(current, 1), total);
  const to = Math.min(from + 2, total);
  const links: PageLink[] = [1];
  if (from > 2) links.push('gap');
  for (let page = Math.max(from, 2); page <= to; page += 1) links.push(page);
  if (to < total - 1) links.push('gap');
  if (to < total) links.push(total);
  return links;
}
