import type { EntityDirectory } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { staffKeys } from './keys';

/** GET /api/entity-directory?q=: entities whose name holds the words typed. */
export function searchEntityDirectory(query: string, signal?: AbortSignal) {
  return apiFetch<EntityDirectory>(
    `/api/entity-directory?q=${encodeURIComponent(query)}`,
    signal ? { signal } : {},
  );
}

export const entityDirectoryQueryOptions = (q: string) => {
  const query = q.trim();
  return queryOptions({
    queryKey: staffKeys.directory(query),
    queryFn: ({ signal }) => searchEntityDirectory(query, signal),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

/** For the request form: asked from two characters on. */
export function useEntityDirectory(q: string) {
  return useQuery(entityDirectoryQueryOptions(q));
}
