import type { PermissionPage } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { staffKeys } from './keys';

/** GET /api/my-permission-requests: the caller's own requests for a role, one page. */
export function listMyPermissionRequests(limit: number, offset: number, signal?: AbortSignal) {
  return apiFetch<PermissionPage>(
    `/api/my-permission-requests?limit=${limit}&offset=${offset}`,
    signal ? { signal } : {},
  );
}

export const myPermissionRequestsQueryOptions = (limit: number, offset: number) =>
  queryOptions({
    queryKey: staffKeys.myRequests(limit, offset),
    queryFn: ({ signal }) => listMyPermissionRequests(limit, offset, signal),
    placeholderData: keepPreviousData,
  });

export function useMyPermissionRequests(limit: number, offset: number) {
  return useQuery(myPermissionRequestsQueryOptions(limit, offset));
}
