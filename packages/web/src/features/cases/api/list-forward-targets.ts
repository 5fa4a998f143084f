import type { ForwardTargets } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys } from './keys';

/** GET /api/entity/{e}/forward-targets: the entities and datasets a case can be forwarded to. */
export function listForwardTargets(entityId: string, signal?: AbortSignal) {
  return apiFetch<{ data: ForwardTargets }>(
    `/api/entity/${encodeURIComponent(entityId)}/forward-targets`,
    signal ? { signal } : {},
  );
}

export const forwardTargetsQueryOptions = (entityId: string) =>
  queryOptions({
    queryKey: casesKeys.forwardTargets(entityId),
    queryFn: ({ signal }) => listForwardTargets(entityId, signal),
  });

export function useForwardTargets(entityId: string) {
  return useQuery(forwardTargetsQueryOptions(entityId));
}
