import { useMutation, useQuery } from '@tanstack/react-query';
import type { KepConfirmBody, KepDecision, KepLookup } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

const enc = encodeURIComponent;
const base = (entityId: string, code: string) => `/api/entity/${enc(entityId)}/kep/${enc(code)}`;

/** GET /api/entity/{e}/kep/{code}: the request a code names, read-only (issue #37). */
export async function lookupKepCode(entityId: string, code: string, signal?: AbortSignal) {
  const body = await apiFetch<{ data: KepLookup }>(base(entityId, code), signal ? { signal } : {});
  return body.data;
}

/** The look-up of the code the officer typed; none until she submits one. */
export function useKepLookup(entityId: string, code: string | null) {
  return useQuery({
    queryKey: ['kep', entityId, code],
    queryFn: ({ signal }) => lookupKepCode(entityId, code ?? '', signal),
    enabled: code !== null,
    retry: false,
    // Each look-up counts against the officer's limit: never again on its own.
    staleTime: Infinity,
  });
}

/** POST …/confirm (the document is issued) or …/refuse (it goes back to its person). */
export function useDecideKep(entityId: string) {
  return useMutation({
    mutationFn: async (
      input:
        | { code: string; decision: 'confirm'; body: KepConfirmBody }
        | { code: string; decision: 'refuse'; reason: string },
    ) => {
      const answer = await apiFetch<{ data: KepDecision }>(
        `${base(entityId, input.code)}/${input.decision}`,
        {
          method: 'POST',
          json: input.decision === 'confirm' ? input.body : { reason: input.reason },
        },
      );
      return answer.data;
    },
  });
}

/**
 * POST …/pdf/token: a short-lived address of the sealed PDF of a document this KEP confirmed,
 * which the browser then downloads for the officer to print at the counter.
 */
export async function createKepPdfUrl(entityId: string, code: string) {
  return apiFetch<{ download_url: string }>(`${base(entityId, code)}/pdf/token`, {
    method: 'POST',
  });
}

export function usePrintKepDocument(entityId: string) {
  return useMutation({
    mutationFn: (code: string) => createKepPdfUrl(entityId, code),
    onSuccess: ({ download_url }) => window.location.assign(download_url),
  });
}
