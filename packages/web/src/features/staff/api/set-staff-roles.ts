import type { EntityRole, StaffEntry } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { entityApiPath } from './keys';
import { useStaffMutation } from './use-staff-mutation';

export type StaffRoles = { userId: string; roles: EntityRole[] };

/** PUT /api/entities/{e}/staff/{user}/roles: a staff member's roles, all at once. */
export function setStaffRoles(entityId: string, { userId, roles }: StaffRoles) {
  return apiFetch<{ data: StaffEntry[] }>(
    `${entityApiPath(entityId)}/staff/${encodeURIComponent(userId)}/roles`,
    { method: 'PUT', json: { roles } },
  );
}

export function useSetStaffRoles(entityId: string) {
  return useStaffMutation((change: StaffRoles) => setStaffRoles(entityId, change));
}
