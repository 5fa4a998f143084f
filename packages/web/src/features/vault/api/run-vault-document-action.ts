import type { DocumentActionResponse, DocumentUserAction } from '@dilosi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { vaultDocumentQueryOptions } from './get-vault-document';

export type VaultDocumentActionInput = {
  id: string;
  /** The code the page was opened with: its cached document is replaced by the answer's. */
  referenceCode: string;
  action: Extract<DocumentUserAction, 'retrieve' | 'download-attachment'>;
  arguments?: Record<string, unknown>;
};

/**
 * POST /api/citizen-declarations/{id}/action (spec section 7, the scope the vault reads the
 * document from; its owner and those it was addressed to may read it): `retrieve` (with
 * `retrieval: 'content-uri'`, the PDF's short-lived address in `data.document-pdf`) and
 * `download-attachment` (`meta.download_url`).
 */
export function runVaultDocumentAction(
  input: VaultDocumentActionInput,
): Promise<DocumentActionResponse> {
  return apiFetch<DocumentActionResponse>(
    `/api/citizen-declarations/${encodeURIComponent(input.id)}/action`,
    {
      method: 'POST',
      json: { action: input.action, object_id: input.id, arguments: input.arguments ?? {} },
    },
  );
}

/** The document in the answer is the page's document as it now stands. */
export function useVaultDocumentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runVaultDocumentAction,
    onSuccess: ({ data }, input) => {
      // Asked on citizen-declarations: the page's document as its GET names it.
      const document = { ...data.document, scope: 'my-declarations' as const };
      queryClient.setQueryData(vaultDocumentQueryOptions(input.referenceCode).queryKey, document);
    },
  });
}
