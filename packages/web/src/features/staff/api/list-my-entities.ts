import type { DashboardEntity } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { staffKeys } from './keys';

/** GET /api/entities: the entities where the caller holds a role. */
export function listMyEntities(signal?: AbortSignal) {
  return apiFetch<{ data: DashboardEntity[] }>('/api/entities', signal ? { signal } : {});
}

export const myEntitiesQueryOptions = () =>
  queryOptions({
    queryKey: staffKeys.myEntities(),
    queryFn: ({ signal }) => listMyEntities(signal),
  });

export function useMyEntities() {
  return useQuery(myEntitiesQueryOptions());
}
