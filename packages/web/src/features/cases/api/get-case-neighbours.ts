import type { CaseNeighbours } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { caseApiPath, casesKeys } from './keys';

/** GET …/inbox/{id}/neighbours?{list}: the cases before and after this one in its list. */
export function getCaseNeighbours(
  entityId: string,
  inboxId: string,
  search: string,
  signal?: AbortSignal,
) {
  return apiFetch<{ data: CaseNeighbours }>(
    `${caseApiPath(entityId, inboxId)}/neighbours?${search}`,
    signal ? { signal } : {},
  );
}

export const caseNeighboursQueryOptions = (
  entityId: string,
  inboxId: string,
  listQuery: URLSearchParams,
) => {
  const search = listQuery.toString();
  return queryOptions({
    queryKey: casesKeys.neighbours(entityId, inboxId, search),
    queryFn: ({ signal }) => getCaseNeighbours(entityId, inboxId, search, signal),
  });
};

/** The neighbours in the list the case was opened from (its query string). */
export function useCaseNeighbours(entityId: string, inboxId: string, listQuery: URLSearchParams) {
  return useQuery(caseNeighboursQueryOptions(entityId, inboxId, listQuery));
}
