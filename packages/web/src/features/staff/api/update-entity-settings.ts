import type { DashboardEntity, EntitySettings } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { entityApiPath } from './keys';
import { useStaffMutation } from './use-staff-mutation';

/** PATCH /api/entities/{e}: the entity's settings. */
export function updateEntitySettings(entityId: string, patch: EntitySettings) {
  return apiFetch<{ data: DashboardEntity }>(entityApiPath(entityId), {
    method: 'PATCH',
    json: patch,
  });
}

export function useUpdateEntity(entityId: string) {
  return useStaffMutation((patch: EntitySettings) => updateEntitySettings(entityId, patch));
}
