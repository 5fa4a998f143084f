import type { DocumentListItem, PageMeta } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

export type VaultDocumentsQuery = { draft: boolean; limit: number; offset: number };
export type VaultDocumentPage = { data: DocumentListItem[]; meta: PageMeta };

/** GET /api/citizen-declarations: issued and revoked documents (draft=false) or drafts. */
export function listVaultDocuments(query: VaultDocumentsQuery, signal?: AbortSignal) {
  const search = new URLSearchParams({
    draft: String(query.draft),
    limit: String(query.limit),
    offset: String(query.offset),
  });
  return apiFetch<VaultDocumentPage>(
    `/api/citizen-declarations?${search.toString()}`,
    signal ? { signal } : {},
  );
}

export const vaultDocumentsQueryOptions = (query: VaultDocumentsQuery) =>
  queryOptions({
    queryKey: ['vault', 'documents', query.draft ? 'drafts' : 'issued', query.limit, query.offset],
    queryFn: ({ signal }) => listVaultDocuments(query, signal),
    placeholderData: keepPreviousData,
  });

export function useVaultDocuments(query: VaultDocumentsQuery) {
  return useQuery(vaultDocumentsQueryOptions(query));
}
