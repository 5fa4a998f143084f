import type { JointConsentSummary } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** GET /api/joint/consents: the joint declarations she wrote or is asked to sign. */
export function listConsents(signal?: AbortSignal) {
  return apiFetch<{ data: { consents: JointConsentSummary[] } }>(
    '/api/joint/consents',
    signal ? { signal } : {},
  );
}

export const consentsQueryOptions = () =>
  queryOptions({
    queryKey: ['joint', 'consents'],
    queryFn: ({ signal }) => listConsents(signal),
  });

export function useConsents() {
  return useQuery(consentsQueryOptions());
}
