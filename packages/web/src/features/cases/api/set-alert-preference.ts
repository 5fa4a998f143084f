import type { StaffAlertMode } from '@dilosi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { alertPreferenceApiPath, type AlertPreference } from './get-alert-preference';
import { casesKeys } from './keys';

/** PUT /api/entity/{e}/alert-preference: saves the caller's choice. */
export function setAlertPreference(entityId: string, mode: StaffAlertMode) {
  return apiFetch<{ data: AlertPreference }>(alertPreferenceApiPath(entityId), {
    method: 'PUT',
    json: { mode },
  });
}

/** Saves the choice; the preference is read again. */
export function useSetAlertPreference(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mode: StaffAlertMode) => setAlertPreference(entityId, mode),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.alertPreference(entityId) }),
  });
}
