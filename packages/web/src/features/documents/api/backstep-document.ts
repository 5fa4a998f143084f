import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiDocument } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { CITIZEN_SCOPE, documentUrl, type WizardScope } from '../document-scope';
import { getDocumentQueryOptions } from './get-document';

/** POST /api/my-declarations/{id}/backstep: one step back (editing or requested → editing). */
export async function backstepDocument(
  id: string,
  scope: WizardScope = CITIZEN_SCOPE,
): Promise<ApiDocument> {
  const body = await apiFetch<{ data: { document: ApiDocument } }>(
    `${documentUrl(scope, id)}/backstep`,
    { method: 'POST' },
  );
  return body.data.document;
}

export function useBackstepDocument(scope: WizardScope = CITIZEN_SCOPE) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => backstepDocument(id, scope),
    onSuccess: (document) => {
      queryClient.setQueryData(getDocumentQueryOptions(document.id, scope).queryKey, document);
    },
  });
}
