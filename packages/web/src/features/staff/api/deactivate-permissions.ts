import { apiFetch } from '../../../api/api-client';
import { entityApiPath } from './keys';
import { useStaffMutation } from './use-staff-mutation';

/** POST /api/entities/{e}/active-permissions/{id}/deactivate, for each one in turn. */
export async function deactivatePermissions(entityId: string, ids: string[]): Promise<void> {
  for (const id of ids) {
    await apiFetch<unknown>(
      `${entityApiPath(entityId)}/active-permissions/${encodeURIComponent(id)}/deactivate`,
      { method: 'POST' },
    );
  }
}

export function useDeactivatePermissions(entityId: string) {
  return useStaffMutation((ids: string[]) => deactivatePermissions(entityId, ids));
}
