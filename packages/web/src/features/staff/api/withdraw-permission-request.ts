import type { Permission } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/my-permission-requests/{id}/withdraw: one the caller made that no head has answered (issue #33). */
export function withdrawPermissionRequest(permissionId: string) {
  return apiFetch<{ data: Permission }>(
    `/api/my-permission-requests/${encodeURIComponent(permissionId)}/withdraw`,
    { method: 'POST' },
  );
}

export function useWithdrawPermissionRequest() {
  return useStaffMutation(withdrawPermissionRequest);
}
