import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiDocument, InPersonCode } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

const enc = encodeURIComponent;
const url = (id: string) => `/api/my-declarations/${enc(id)}/in-person`;

/**
 * GET /api/my-declarations/{id}/in-person: the last code of a document sent to a KEP (issue #37),
 * waiting or answered; null when none was asked yet.
 */
export async function getInPersonCode(
  id: string,
  signal?: AbortSignal,
): Promise<InPersonCode | null> {
  const body = await apiFetch<{ data: InPersonCode | null }>(url(id), signal ? { signal } : {});
  return body.data;
}

export const inPersonCodeQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['documents', 'in-person', id],
    queryFn: ({ signal }) => getInPersonCode(id, signal),
  });

export function useInPersonCode(id: string) {
  return useQuery(inPersonCodeQueryOptions(id));
}

/** POST /api/my-declarations/{id}/in-person: the document waits for an officer, with its code. */
export async function requestInPerson(document: ApiDocument): Promise<InPersonCode> {
  const body = await apiFetch<{ data: InPersonCode }>(url(document.id), {
    method: 'POST',
    json: { 'digest-sha256': document['digest-sha256'] },
  });
  return body.data;
}

export function useRequestInPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestInPerson,
    onSuccess: (code, document) => {
      queryClient.setQueryData(inPersonCodeQueryOptions(document.id).queryKey, code);
      // The document is now requested: the wizard reads it again.
      return queryClient.invalidateQueries({ queryKey: ['documents', 'detail', document.id] });
    },
  });
}
