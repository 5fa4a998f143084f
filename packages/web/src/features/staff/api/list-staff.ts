import type { StaffEntry } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { entityApiPath, staffKeys } from './keys';

/** GET /api/entities/{e}/active-permissions: the entity's staff with their roles. */
export function listStaff(entityId: string, signal?: AbortSignal) {
  return apiFetch<{ data: StaffEntry[] }>(
    `${entityApiPath(entityId)}/active-permissions`,
    signal ? { signal } : {},
  );
}

export const staffQueryOptions = (entityId: string) =>
  queryOptions({
    queryKey: staffKeys.staff(entityId),
    queryFn: ({ signal }) => listStaff(entityId, signal),
  });

export function useStaff(entityId: string) {
  return useQuery(staffQueryOptions(entityId));
}
