import type { PageMeta } from '@dilosi/domain';
import { z } from 'zod';

/** limit and offset of a paged list (spec section 7: paging uses limit and offset). */
export const pagingQuery = (defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(1000).default(defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

/** The `meta` of a paged answer. */
export function pageMeta(count: number, limit: number, offset: number): PageMeta {
  return { count, limit, offset, total_pages: Math.ceil(count / limit) };
}
