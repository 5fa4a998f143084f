import type { NewPermissionRequest, Permission } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/my-permission-requests: asks an entity's heads for a role. */
export function requestPermission(body: NewPermissionRequest) {
  return apiFetch<{ data: Permission }>('/api/my-permission-requests', {
    method: 'POST',
    json: body,
  });
}

export function useRequestPermission() {
  return useStaffMutation(requestPermission);
}
