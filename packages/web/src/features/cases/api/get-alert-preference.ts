import type { StaffAlertMode } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys } from './keys';

export type AlertPreference = { mode: StaffAlertMode; email: string | null };

export const alertPreferenceApiPath = (entityId: string) =>
  `/api/entity/${encodeURIComponent(entityId)}/alert-preference`;

/** GET /api/entity/{e}/alert-preference: the caller's own e-mail alerts of this entity. */
export function getAlertPreference(entityId: string, signal?: AbortSignal) {
  return apiFetch<{ data: AlertPreference }>(
    alertPreferenceApiPath(entityId),
    signal ? { signal } : {},
  );
}

export const alertPreferenceQueryOptions = (entityId: string) =>
  queryOptions({
    queryKey: casesKeys.alertPreference(entityId),
    queryFn: ({ signal }) => getAlertPreference(entityId, signal),
  });

export function useAlertPreference(entityId: string) {
  return useQuery(alertPreferenceQueryOptions(entityId));
}
