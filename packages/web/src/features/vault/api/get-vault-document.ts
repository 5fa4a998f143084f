import type { ApiDocument, PdfTokenResponse } from '@dilosi/domain';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** GET /api/citizen-declarations/{ref}: the owner's issued or revoked document (else 404). */
export async function getVaultDocument(ref: string, signal?: AbortSignal): Promise<ApiDocument> {
  const body = await apiFetch<{ data: { document: ApiDocument } }>(
    `/api/citizen-declarations/${encodeURIComponent(ref)}`,
    signal ? { signal } : {},
  );
  return body.data.document;
}

export const vaultDocumentQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: ['vault', 'document', ref],
    queryFn: ({ signal }) => getVaultDocument(ref, signal),
    retry: false,
  });

export function useVaultDocument(ref: string) {
  return useQuery(vaultDocumentQueryOptions(ref));
}

/** POST /api/my-declarations/{id}/pdf/token: a short-lived address the browser downloads from. */
export async function createPdfLink(id: string): Promise<string> {
  const body = await apiFetch<PdfTokenResponse>(
    `/api/my-declarations/${encodeURIComponent(id)}/pdf/token`,
    { method: 'POST' },
  );
  return body.meta.download_url;
}

export function useCreatePdfLink() {
  return useMutation({ mutationFn: createPdfLink });
}
