import type { PermissionPage } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { entityApiPath, staffKeys } from './keys';

/** GET /api/entities/{e}/pending-permissions: the requests the entity's heads are to answer. */
export function listPendingPermissions(entityId: string, signal?: AbortSignal) {
  return apiFetch<PermissionPage>(
    `${entityApiPath(entityId)}/pending-permissions?limit=100`,
    signal ? { signal } : {},
  );
}

export const pendingPermissionsQueryOptions = (entityId: string) =>
  queryOptions({
    queryKey: staffKeys.pending(entityId),
    queryFn: ({ signal }) => listPendingPermissions(entityId, signal),
  });

export function usePendingPermissions(entityId: string) {
  return useQuery(pendingPermissionsQueryOptions(entityId));
}
