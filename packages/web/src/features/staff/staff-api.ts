import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DashboardEntity,
  EntityDecisionPage,
  EntityDirectory,
  EntityRole,
  EntitySettings,
  NewPermissionRequest,
  NewStaff,
  Permission,
  PermissionPage,
  StaffEntry,
} from '@dilosi/domain';
import { apiFetch } from '../../api/api-client';

/**
 * Permission requests, staff and entity settings (spec section 7; issue #14). Every mutation
 * reads the dashboard again: roles decide what the caller may open.
 */
const enc = encodeURIComponent;
const entityPath = (entityId: string) => `/api/entities/${enc(entityId)}`;

export const staffKeys = {
  directory: (q: string) => ['dashboard', 'entity-directory', q],
  myRequests: (limit: number, offset: number) => ['dashboard', 'my-requests', limit, offset],
  pending: (entityId: string) => ['dashboard', 'pending', entityId],
  staff: (entityId: string) => ['dashboard', 'staff', entityId],
  decisions: (entityId: string, limit: number, offset: number) => [
    'dashboard',
    'decisions',
    entityId,
    limit,
    offset,
  ],
};

/** The entities where the caller holds a role (GET /api/entities). */
export function useMyEntities() {
  return useQuery({
    queryKey: ['dashboard', 'entities'],
    queryFn: ({ signal }) => apiFetch<{ data: DashboardEntity[] }>('/api/entities', { signal }),
  });
}

export function useMyPermissionRequests(limit: number, offset: number) {
  return useQuery({
    queryKey: staffKeys.myRequests(limit, offset),
    queryFn: ({ signal }) =>
      apiFetch<PermissionPage>(`/api/my-permission-requests?limit=${limit}&offset=${offset}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

function useDashboardMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}

export function useRequestPermission() {
  return useDashboardMutation((body: NewPermissionRequest) =>
    apiFetch<{ data: Permission }>('/api/my-permission-requests', { method: 'POST', json: body }),
  );
}

/** Withdraws one of the caller's own requests that no head has answered (issue #33). */
export function useWithdrawPermissionRequest() {
  return useDashboardMutation((permissionId: string) =>
    apiFetch<{ data: Permission }>(`/api/my-permission-requests/${enc(permissionId)}/withdraw`, {
      method: 'POST',
    }),
  );
}

/** Entities whose name holds the words typed (two characters at least), for the request form. */
export function useEntityDirectory(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: staffKeys.directory(query),
    queryFn: ({ signal }) =>
      apiFetch<EntityDirectory>(`/api/entity-directory?q=${enc(query)}`, { signal }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function usePendingPermissions(entityId: string) {
  return useQuery({
    queryKey: staffKeys.pending(entityId),
    queryFn: ({ signal }) =>
      apiFetch<PermissionPage>(`${entityPath(entityId)}/pending-permissions?limit=100`, {
        signal,
      }),
  });
}

export function useDecidePermission(entityId: string) {
  return useDashboardMutation(({ id, decision }: { id: string; decision: 'accept' | 'reject' }) =>
    apiFetch<{ data: Permission }>(
      `${entityPath(entityId)}/pending-permissions/${enc(id)}/${decision}`,
      { method: 'POST' },
    ),
  );
}

export function useStaff(entityId: string) {
  return useQuery({
    queryKey: staffKeys.staff(entityId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: StaffEntry[] }>(`${entityPath(entityId)}/active-permissions`, { signal }),
  });
}

export function useAddStaff(entityId: string) {
  return useDashboardMutation((body: NewStaff) =>
    apiFetch<{ data: StaffEntry[] }>(`${entityPath(entityId)}/active-permissions`, {
      method: 'POST',
      json: body,
    }),
  );
}

export function useSetStaffRoles(entityId: string) {
  return useDashboardMutation(({ userId, roles }: { userId: string; roles: EntityRole[] }) =>
    apiFetch<{ data: StaffEntry[] }>(`${entityPath(entityId)}/staff/${enc(userId)}/roles`, {
      method: 'PUT',
      json: { roles },
    }),
  );
}

export function useDeactivatePermissions(entityId: string) {
  return useDashboardMutation(async (ids: string[]) => {
    for (const id of ids) {
      await apiFetch<unknown>(`${entityPath(entityId)}/active-permissions/${enc(id)}/deactivate`, {
        method: 'POST',
      });
    }
  });
}

export function useUpdateEntity(entityId: string) {
  return useDashboardMutation((patch: EntitySettings) =>
    apiFetch<{ data: DashboardEntity }>(entityPath(entityId), { method: 'PATCH', json: patch }),
  );
}

export function useEntityDecisions(entityId: string, limit: number, offset: number) {
  return useQuery({
    queryKey: staffKeys.decisions(entityId, limit, offset),
    queryFn: ({ signal }) =>
      apiFetch<EntityDecisionPage>(
        `${entityPath(entityId)}/audit?limit=${limit}&offset=${offset}`,
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}
