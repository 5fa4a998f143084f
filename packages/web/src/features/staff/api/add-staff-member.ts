import type { NewStaff, StaffEntry } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { entityApiPath } from './keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/entities/{e}/active-permissions: gives a person roles in the entity. */
export function addStaffMember(entityId: string, body: NewStaff) {
  return apiFetch<{ data: StaffEntry[] }>(`${entityApiPath(entityId)}/active-permissions`, {
    method: 'POST',
    json: body,
  });
}

export function useAddStaff(entityId: string) {
  return useStaffMutation((body: NewStaff) => addStaffMember(entityId, body));
}
