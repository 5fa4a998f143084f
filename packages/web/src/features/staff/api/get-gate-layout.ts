import type { GateLayout } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { staffKeys } from './keys';

/** GET /api/gates/{codename}/gate/layout: the entity's pages for the caller's roles, and where to land. */
export function getGateLayout(codename: string, signal?: AbortSignal) {
  return apiFetch<{ data: GateLayout }>(
    `/api/gates/${encodeURIComponent(codename)}/gate/layout`,
    signal ? { signal } : {},
  );
}

export const gateLayoutQueryOptions = (codename: string) =>
  queryOptions({
    queryKey: staffKeys.layout(codename),
    queryFn: ({ signal }) => getGateLayout(codename, signal),
    staleTime: 60_000,
  });

export function useGateLayout(codename: string | undefined) {
  return useQuery({ ...gateLayoutQueryOptions(codename ?? ''), enabled: Boolean(codename) });
}
