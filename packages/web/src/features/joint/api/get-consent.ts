import type { JointConsent } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

export const consentPath = (id: string) => `/api/joint/consents/${encodeURIComponent(id)}`;

/** GET /api/joint/consents/{id}: the exact text, its digest and every signatory. */
export function getConsent(id: string, signal?: AbortSignal) {
  return apiFetch<{ data: { consent: JointConsent } }>(consentPath(id), signal ? { signal } : {});
}

export const consentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['joint', 'consent', id],
    queryFn: ({ signal }) => getConsent(id, signal),
  });

export function useConsent(id: string) {
  return useQuery(consentQueryOptions(id));
}
