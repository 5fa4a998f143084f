import type { DocumentHistoryPage } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiRequestError } from '../../../api/api-client';

type HistoryQuery = { id: string; limit: number; offset: number };

/**
 * GET /api/my-declarations/{id}/history: the document's history, oldest first. `null` when the
 * server does not give it for this document (404): the tab then says it is not available.
 */
export async function getDocumentHistory(
  query: HistoryQuery,
  signal?: AbortSignal,
): Promise<DocumentHistoryPage | null> {
  try {
    return await apiFetch<DocumentHistoryPage>(
      `/api/my-declarations/${encodeURIComponent(query.id)}/history?limit=${query.limit}&offset=${query.offset}`,
      signal ? { signal } : {},
    );
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}

export const documentHistoryQueryOptions = (query: HistoryQuery) =>
  queryOptions({
    queryKey: ['vault', 'document-history', query.id, query.limit, query.offset],
    queryFn: ({ signal }) => getDocumentHistory(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useDocumentHistory(query: HistoryQuery) {
  return useQuery(documentHistoryQueryOptions(query));
}
