import type { CaseDetail } from '@dilosi/domain';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { caseApiPath, casesKeys } from './keys';

/** GET /api/entity/{e}/inbox/{id}: the case. */
export function getCase(entityId: string, inboxId: string, signal?: AbortSignal) {
  return apiFetch<{ data: CaseDetail }>(caseApiPath(entityId, inboxId), signal ? { signal } : {});
}

/** Reading the case marks its activity seen, so the lists' marks and counts are read again. */
export const caseQueryOptions = (client: QueryClient, entityId: string, inboxId: string) =>
  queryOptions({
    queryKey: casesKeys.case(entityId, inboxId),
    queryFn: async ({ signal }) => {
      const answer = await getCase(entityId, inboxId, signal);
      void client.invalidateQueries({ queryKey: casesKeys.inbox(entityId) });
      return answer;
    },
  });

export function useCase(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useQuery(caseQueryOptions(client, entityId, inboxId));
}
