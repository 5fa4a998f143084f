import type { JointConsentSummary } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/**
 * GET /api/joint/documents/{id}/consent: the document's joint declaration as its signatories
 * see it (who signed, who is pending, who declined), or null for a document that has none.
 * Shared by the wizard, the done page and the vault (the author's panel, issue #35); under the
 * joint pages' key, so signing or cancelling there refreshes it.
 */
export async function getDocumentConsent(documentId: string, signal?: AbortSignal) {
  const body = await apiFetch<{ data: { consent: JointConsentSummary | null } }>(
    `/api/joint/documents/${encodeURIComponent(documentId)}/consent`,
    signal ? { signal } : {},
  );
  return body.data.consent;
}

export const documentConsentQueryOptions = (documentId: string) =>
  queryOptions({
    queryKey: ['joint', 'document', documentId],
    queryFn: ({ signal }) => getDocumentConsent(documentId, signal),
    retry: false,
  });

export function useDocumentConsent(documentId: string, { enabled = true } = {}) {
  return useQuery({ ...documentConsentQueryOptions(documentId), enabled });
}
