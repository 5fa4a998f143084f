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
 * POST /api/my-declarations/{id}/action (spec section 7): retrieve, pdf, share (`targets`),
 * revoke, resend_otp, resend_email_otp, send-document-link (`method` email or sms),
 * download-attachment, dismiss, set-retention. Answers the document as it is now, the success
 * text in the page's language and, where a download follows, its address.
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
    onSuccess: ({ data }) => {
      // Asked on my-declarations: the document as that scope (and its GET) names it.
      const document = { ...data.document, scope: 'my-declarations' as const };
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
