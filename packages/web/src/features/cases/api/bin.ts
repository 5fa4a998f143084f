import type { BinList, CaseDetail } from '@dilosi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { caseApiPath, casesKeys } from './keys';

const enc = encodeURIComponent;

/** GET /api/entity/{e}/bin (issue #41): the dismissed cases, newest first. */
export function listBin(entityId: string, limit: number, offset: number, signal?: AbortSignal) {
  return apiFetch<BinList>(`/api/entity/${enc(entityId)}/bin?limit=${limit}&offset=${offset}`, {
    ...(signal ? { signal } : {}),
  });
}

export function useBin(entityId: string, limit: number, offset: number) {
  return useQuery({
    queryKey: [...casesKeys.inbox(entityId), 'bin', limit, offset] as const,
    queryFn: ({ signal }) => listBin(entityId, limit, offset, signal),
    placeholderData: keepPreviousData,
  });
}

/** POST …/inbox/{i}/restore: back to the lists, status unchanged; lists and case read again. */
export function useRestoreCase(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inboxId: string) =>
      apiFetch<{ data: CaseDetail }>(`${caseApiPath(entityId, inboxId)}/restore`, {
        method: 'POST',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.all }),
  });
}
