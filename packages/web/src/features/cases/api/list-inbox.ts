import type { InboxList } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys, inboxApiPath } from './keys';

/** GET /api/entity/{e}/inbox with the list's query string as the URL has it. */
export function listInbox(entityId: string, search: string, signal?: AbortSignal) {
  return apiFetch<InboxList>(`${inboxApiPath(entityId)}?${search}`, signal ? { signal } : {});
}

export const inboxQueryOptions = (entityId: string, query: URLSearchParams) => {
  const search = query.toString();
  return queryOptions({
    queryKey: casesKeys.inboxList(entityId, search),
    queryFn: ({ signal }) => listInbox(entityId, search, signal),
    placeholderData: keepPreviousData,
  });
};

export function useInbox(entityId: string, query: URLSearchParams) {
  return useQuery(inboxQueryOptions(entityId, query));
}
