import type { DashboardEntity } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { dashboardKeys } from './dashboard-keys';

/** GET /api/entities/{e}: one entity where the caller holds a role (its name, roles, settings). */
export function getEntity(entityId: string, signal?: AbortSignal) {
  return apiFetch<{ data: DashboardEntity }>(
    `/api/entities/${encodeURIComponent(entityId)}`,
    signal ? { signal } : {},
  );
}

export const entityQueryOptions = (entityId: string) =>
  queryOptions({
    queryKey: dashboardKeys.entity(entityId),
    queryFn: ({ signal }) => getEntity(entityId, signal),
  });

/** Shared by the cases (inbox, forwarding) and the staff side (settings). */
export function useEntity(entityId: string) {
  return useQuery(entityQueryOptions(entityId));
}
