import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Locale } from '@dilosi/domain';
import { loadContent } from './load-content';

export const getContentQueryOptions = (locale: Locale, slug: string) =>
  queryOptions({
    queryKey: ['content', locale, slug],
    queryFn: () => loadContent(locale, slug),
    // Shipped with the build: never stale.
    staleTime: Infinity,
  });

export function useContent(locale: Locale, slug: string) {
  return useQuery(getContentQueryOptions(locale, slug));
}
