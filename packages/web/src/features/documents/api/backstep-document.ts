import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiDocument } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { getDocumentQueryOptions } from './get-document';

/** POST /api/my-declarations/{id}/backstep: one step back (editing or requested → editing). */
export async function backstepDocument(id: string): Promise<ApiDocument> {
  const body = await apiFetch<{ data: { document: ApiDocument } }>(
    `/api/my-declarations/${encodeURIComponent(id)}/backstep`,
    { method: 'POST' },
  );
  return body.data.document;
}

export function useBackstepDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backstepDocument,
    onSuccess: (document) => {
      queryClient.setQueryData(getDocumentQueryOptions(document.id).queryKey, document);
    },
  });
}
