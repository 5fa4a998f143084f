import type { DashboardEntity } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { resourceKeys } from './keys';

/** GET /api/entities/{id}: the entity, for its codename (the resources' gate). */
export function getEntity(entityId: string, signal?: AbortSignal) {
  return apiFetch<{ data: DashboardEntity }>(
    `/api/entities/${encodeURIComponent(entityId)}`,
    signal ? { signal } : {},
  );
}

export const entityQueryOptions = (entityId: string) =>
  queryOptions({
    queryKey: resourceKeys.entity(entityId),
    queryFn: ({ signal }) => getEntity(entityId, signal),
  });

export function useEntity(entityId: string) {
  return useQuery(entityQueryOptions(entityId));
}
