import type { Opinion, OpinionCase } from '@dilosi/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

const enc = encodeURIComponent;

/** Who answers: the caller's entity, or the caller herself. */
export type OpinionExpert = { entityId: string } | 'me';

const basePath = (expert: OpinionExpert, id: string) =>
  expert === 'me'
    ? `/api/my-opinions/${enc(id)}`
    : `/api/entity/${enc(expert.entityId)}/opinions/${enc(id)}`;

export const opinionsKeys = {
  all: ['opinions'] as const,
  entity: (entityId: string) => ['opinions', 'entity', entityId] as const,
  one: (expert: OpinionExpert, id: string) =>
    ['opinions', expert === 'me' ? 'me' : expert.entityId, id] as const,
};

/** GET /api/entity/{e}/opinions: the opinions asked of the entity (issue #41). */
export function listEntityOpinions(entityId: string, signal?: AbortSignal) {
  return apiFetch<{ data: Opinion[] }>(`/api/entity/${enc(entityId)}/opinions`, { signal });
}

export const entityOpinionsQueryOptions = (entityId: string) =>
  queryOptions({
    queryKey: opinionsKeys.entity(entityId),
    queryFn: ({ signal }) => listEntityOpinions(entityId, signal),
  });

export function useEntityOpinions(entityId: string) {
  return useQuery(entityOpinionsQueryOptions(entityId));
}

/** GET …/opinions/{id} or /api/my-opinions/{id}: the opinion and the case's document. */
export function getOpinionCase(expert: OpinionExpert, id: string, signal?: AbortSignal) {
  return apiFetch<{ data: OpinionCase }>(basePath(expert, id), { signal });
}

export const opinionCaseQueryOptions = (expert: OpinionExpert, id: string) =>
  queryOptions({
    queryKey: opinionsKeys.one(expert, id),
    queryFn: ({ signal }) => getOpinionCase(expert, id, signal),
  });

export function useOpinionCase(expert: OpinionExpert, id: string) {
  return useQuery(opinionCaseQueryOptions(expert, id));
}

/** POST …/pdf/token: a short-lived address of the case's PDF. */
export function createOpinionPdfUrl(expert: OpinionExpert, id: string) {
  return apiFetch<{ download_url: string }>(`${basePath(expert, id)}/pdf/token`, {
    method: 'POST',
  });
}

/** POST …/file/token: a short-lived address of the PDF the expert gave with her answer. */
export function createOpinionFileUrl(expert: OpinionExpert, id: string) {
  return apiFetch<{ download_url: string }>(`${basePath(expert, id)}/file/token`, {
    method: 'POST',
  });
}

/** POST …/answer: the answer, with its PDF when one is chosen (multipart). */
export function useAnswerOpinion(expert: OpinionExpert, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ answer, file }: { answer: string; file: File | null }) => {
      const path = `${basePath(expert, id)}/answer`;
      if (!file) return apiFetch<{ data: Opinion }>(path, { method: 'POST', json: { answer } });
      const body = new FormData();
      body.append('json', JSON.stringify({ answer }));
      body.append('file__attachment', file, file.name);
      return apiFetch<{ data: Opinion }>(path, { method: 'POST', body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: opinionsKeys.all }),
  });
}
