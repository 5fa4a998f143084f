import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiDocument } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/** GET /api/my-declarations/{id}; 404 document_api__declaration_not_found for another's or none. */
export async function getDocument(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiDocument> {
  const body = await apiFetch<{ data: { document: ApiDocument } }>(
    `/api/my-declarations/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return body.data.document;
}

export const getDocumentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['documents', 'detail', id],
    queryFn: ({ signal }) => getDocument(id, { signal }),
  });

/**
 * The document of the wizard. `initialDocument` is the one creation answered with (handed over
 * in the navigation state), so the first step shows without a second request.
 */
export function useDocument(id: string, initialDocument?: ApiDocument) {
  return useQuery({
    ...getDocumentQueryOptions(id),
    // Fresh from the moment it lands in the cache: no second request right after creation.
    ...(initialDocument && initialDocument.id === id ? { initialData: initialDocument } : {}),
  });
}
