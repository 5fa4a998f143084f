import { VAULT_PAGE_SIZES } from '@dilosi/domain';
import { useSearchParams } from 'react-router';

export const DEFAULT_PAGE_SIZE = 10;

/** The page (from 1) and page size of a vault list, from `?page` and `?size` (5, 10 or 15). */
export function usePageParams() {
  const [search] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const asked = Number(search.get('size'));
  const size = (VAULT_PAGE_SIZES as readonly number[]).includes(asked) ? asked : DEFAULT_PAGE_SIZE;
  return { page, size, offset: (page - 1) * size };
}
