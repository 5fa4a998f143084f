import type { PageMeta } from '@dilosi/domain';

export function pageMeta(count: number, limit: number, offset: number): PageMeta {
  return { count, limit, offset, total_pages: Math.ceil(count / limit) };
}
