import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentActionResponse, DocumentUserAction } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { getCitizenDeclarationQueryOptions } from './get-citizen-declaration';
import { getDocumentQueryOptions } from './get-document';

export type RunDocumentActionInput = {
  id: string;
  action: DocumentUserAction;
  arguments?: Record<string, unknown>;
};

/**
 * POST /api/my-declarations/{id}/action (spec section 7): resend_otp, pdf, email, sms,
 * send-document-link, share, revoke, dismiss, set_retention. Answers the document as it is now,
 * the success text in the page's language and, for pdf, a download address.
 */
export function runDocumentAction(input: RunDocumentActionInput): Promise<DocumentActionResponse> {
  return apiFetch<DocumentActionResponse>(
    `/api/my-declarations/${encodeURIComponent(input.id)}/action`,
    { method: 'POST', json: { action: input.action, arguments: input.arguments ?? {} } },
  );
}

/** The document in the answer replaces the cached one (by id and by reference code). */
export function useRunDocumentAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runDocumentAction,
    onSuccess: ({ data: { document } }) => {
      queryClient.setQueryData(getDocumentQueryOptions(document.id).queryKey, document);
      if (document.reference_code) {
        queryClient.setQueryData(
          getCitizenDeclarationQueryOptions(document.reference_code).queryKey,
          document,
        );
      }
    },
  });
}
