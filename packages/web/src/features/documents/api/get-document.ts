import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiDocument } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { CITIZEN_SCOPE, documentUrl, scopeKey, type WizardScope } from '../document-scope';

/**
 * GET /api/my-declarations/{id} (or the entity's `entity/{e}/documents/{id}`); 404
 * document_api__declaration_not_found for another's or none.
 */
export async function getDocument(
  id: string,
  { signal, scope = CITIZEN_SCOPE }: { signal?: AbortSignal; scope?: WizardScope } = {},
): Promise<ApiDocument> {
  const body = await apiFetch<{ data: { document: ApiDocument } }>(
    documentUrl(scope, id),
    signal ? { signal } : {},
  );
  return body.data.document;
}

export const getDocumentQueryOptions = (id: string, scope: WizardScope = CITIZEN_SCOPE) =>
  queryOptions({
    queryKey: ['documents', 'detail', id, ...scopeKey(scope)],
    queryFn: ({ signal }) => getDocument(id, { signal, scope }),
  });

/**
 * The document of the wizard. `initialDocument` is the one creation answered with (handed over
 * in the navigation state), so the first step shows without a second request.
 */
export function useDocument(
  id: string,
  initialDocument?: ApiDocument,
  scope: WizardScope = CITIZEN_SCOPE,
) {
  return useQuery({
    ...getDocumentQueryOptions(id, scope),
    // Fresh from the moment it lands in the cache: no second request right after creation.
    ...(initialDocument && initialDocument.id === id ? { initialData: initialDocument } : {}),
  });
}
