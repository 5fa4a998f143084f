import type { ClerkPermission } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys } from './keys';

/** GET /api/entities/{e}/active-clerk-permissions: who a case can be assigned to. */
export function listActiveClerks(entityId: string, signal?: AbortSignal) {
  return apiFetch<{ data: ClerkPermission[] }>(
    `/api/entities/${encodeURIComponent(entityId)}/active-clerk-permissions`,
    signal ? { signal } : {},
  );
}

export const activeClerksQueryOptions = (entityId: string) =>
  queryOptions({
    queryKey: casesKeys.activeClerks(entityId),
    queryFn: ({ signal }) => listActiveClerks(entityId, signal),
  });

export function useActiveClerks(entityId: string, enabled: boolean) {
  return useQuery({ ...activeClerksQueryOptions(entityId), enabled });
}
