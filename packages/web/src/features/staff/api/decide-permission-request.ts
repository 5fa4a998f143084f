import type { Permission } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { entityApiPath } from './keys';
import { useStaffMutation } from './use-staff-mutation';

export type PermissionDecision = { id: string; decision: 'accept' | 'reject' };

/** POST /api/entities/{e}/pending-permissions/{id}/{accept|reject}. */
export function decidePermissionRequest(entityId: string, { id, decision }: PermissionDecision) {
  return apiFetch<{ data: Permission }>(
    `${entityApiPath(entityId)}/pending-permissions/${encodeURIComponent(id)}/${decision}`,
    { method: 'POST' },
  );
}

export function useDecidePermission(entityId: string) {
  return useStaffMutation((decision: PermissionDecision) =>
    decidePermissionRequest(entityId, decision),
  );
}
