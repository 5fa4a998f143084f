import type { Opinion, OpinionRequest } from '@dilosi/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { caseApiPath, casesKeys } from './keys';

const opinionsPath = (entityId: string, inboxId: string) =>
  `${caseApiPath(entityId, inboxId)}/opinions`;

/** GET …/inbox/{i}/opinions: the opinions asked on the case (issue #41). */
export function listCaseOpinions(entityId: string, inboxId: string, signal?: AbortSignal) {
  return apiFetch<{ data: Opinion[] }>(opinionsPath(entityId, inboxId), { signal });
}

export const caseOpinionsQueryOptions = (entityId: string, inboxId: string) =>
  queryOptions({
    queryKey: casesKeys.caseTab(entityId, inboxId, 'opinions'),
    queryFn: ({ signal }) => listCaseOpinions(entityId, inboxId, signal),
  });

export function useCaseOpinions(entityId: string, inboxId: string) {
  return useQuery(caseOpinionsQueryOptions(entityId, inboxId));
}

/** POST …/inbox/{i}/opinions: ask an entity or a person; the case is read again. */
export function useRequestOpinion(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: OpinionRequest) =>
      apiFetch<{ data: Opinion }>(opinionsPath(entityId, inboxId), {
        method: 'POST',
        json: request,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.case(entityId, inboxId) }),
  });
}

/** POST …/opinions/{id}/action `cancel`. */
export function useCancelOpinion(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<{ data: Opinion }>(
        `${opinionsPath(entityId, inboxId)}/${encodeURIComponent(id)}/action`,
        { method: 'POST', json: { action: 'cancel' } },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.case(entityId, inboxId) }),
  });
}

/** POST …/opinions/{id}/file/token: a short-lived address of the answer's PDF. */
export function createOpinionFileUrl(entityId: string, inboxId: string, id: string) {
  return apiFetch<{ download_url: string }>(
    `${opinionsPath(entityId, inboxId)}/${encodeURIComponent(id)}/file/token`,
    { method: 'POST' },
  );
}
