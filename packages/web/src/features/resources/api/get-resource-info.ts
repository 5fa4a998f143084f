import type { ResourceInfo } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { resourceApiPath, resourceKeys } from './keys';

/** GET …/resources/{resource}/info: its fields in order, row actions and resource actions. */
export function getResourceInfo(gate: string, resource: string, signal?: AbortSignal) {
  return apiFetch<{ data: ResourceInfo }>(
    `${resourceApiPath(gate, resource)}/info`,
    signal ? { signal } : {},
  );
}

export const resourceInfoQueryOptions = (gate: string, resource: string) =>
  queryOptions({
    queryKey: resourceKeys.info(gate, resource),
    queryFn: ({ signal }) => getResourceInfo(gate, resource, signal),
  });

export function useResourceInfo(gate: string | undefined, resource: string) {
  return useQuery({ ...resourceInfoQueryOptions(gate ?? '', resource), enabled: Boolean(gate) });
}
