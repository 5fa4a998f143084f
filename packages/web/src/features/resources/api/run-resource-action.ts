import type { ResourceActionRequest, ResourceActionResponse } from '@dilosi/domain';
import { useTranslation } from 'react-i18next';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { resourceApiPath, resourceKeys } from './keys';

/** POST …/resources/{resource}/action: `list`, or one of the resource's actions. */
export function runResourceAction(
  gate: string,
  resource: string,
  request: ResourceActionRequest,
  signal?: AbortSignal,
) {
  return apiFetch<ResourceActionResponse>(`${resourceApiPath(gate, resource)}/action`, {
    method: 'POST',
    json: request,
    ...(signal ? { signal } : {}),
  });
}

export const resourceListQueryOptions = (
  gate: string,
  resource: string,
  args: Record<string, string | number>,
  /** The interface language: some values (a template's title) come in it. */
  locale = '',
) =>
  queryOptions({
    queryKey: [...resourceKeys.list(gate, resource, args), locale] as const,
    queryFn: ({ signal }) =>
      runResourceAction(gate, resource, { action: 'list', arguments: args }, signal),
    placeholderData: keepPreviousData,
  });

export function useResourceList(
  gate: string | undefined,
  resource: string,
  args: Record<string, string | number>,
) {
  const { i18n } = useTranslation();
  return useQuery({
    ...resourceListQueryOptions(gate ?? '', resource, args, i18n.language),
    enabled: Boolean(gate),
  });
}

/** A resource's action; the lists are read again after it. */
export function useResourceAction(gate: string, resource: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: ResourceActionRequest) => runResourceAction(gate, resource, request),
    onSuccess: () => client.invalidateQueries({ queryKey: resourceKeys.all }),
  });
}
