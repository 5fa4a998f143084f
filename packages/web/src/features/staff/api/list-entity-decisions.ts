import type { EntityDecisionPage } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { entityApiPath, staffKeys } from './keys';

/** GET /api/entities/{e}/audit: the heads' decisions on the entity, one page. */
export function listEntityDecisions(
  entityId: string,
  limit: number,
  offset: number,
  signal?: AbortSignal,
) {
  return apiFetch<EntityDecisionPage>(
    `${entityApiPath(entityId)}/audit?limit=${limit}&offset=${offset}`,
    signal ? { signal } : {},
  );
}

export const entityDecisionsQueryOptions = (entityId: string, limit: number, offset: number) =>
  queryOptions({
    queryKey: staffKeys.decisions(entityId, limit, offset),
    queryFn: ({ signal }) => listEntityDecisions(entityId, limit, offset, signal),
    placeholderData: keepPreviousData,
  });

export function useEntityDecisions(entityId: string, limit: number, offset: number) {
  return useQuery(entityDecisionsQueryOptions(entityId, limit, offset));
}
