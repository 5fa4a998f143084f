import type { ApiDocument, MyCorrection } from '@dilosi/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

const correctionPath = (id: string) => `/api/my-corrections/${encodeURIComponent(id)}`;
const correctionKey = (id: string) => ['corrections', id] as const;

/** GET /api/my-corrections/{id}: what she is asked to correct (issue #41). */
export function useMyCorrection(id: string) {
  return useQuery({
    queryKey: correctionKey(id),
    queryFn: ({ signal }) => apiFetch<{ data: MyCorrection }>(correctionPath(id), { signal }),
  });
}

/** POST /api/my-corrections/{id}/draft: her corrected draft, pre-filled. */
export function useStartCorrection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (revokePrevious: boolean) =>
      apiFetch<{ data: { document: ApiDocument } }>(`${correctionPath(id)}/draft`, {
        method: 'POST',
        json: { revoke_previous: revokePrevious },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: correctionKey(id) }),
  });
}
