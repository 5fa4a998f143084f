import { useMutation } from '@tanstack/react-query';
import type { ApiDocument, DocumentWrite } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

export type CreateDocumentInput = {
  template: string;
  statements?: Record<string, unknown>;
  callerAuthorizationId?: string;
  /** The altcha widget's payload (base64 JSON), for anonymous use. */
  captcha?: string;
};

/** POST /api/my-declarations/: a new document from a template; answers 201 with the document. */
export async function createDocument(input: CreateDocumentInput): Promise<ApiDocument> {
  const body: DocumentWrite = {
    document: { template: input.template, statements: input.statements ?? {}, attachments: {} },
    ...(input.callerAuthorizationId
      ? { actor: { caller_authorization_id: input.callerAuthorizationId } }
      : {}),
    // The wizard renders the step it is answered: step_info, please.
    interactive: true,
    ...(input.captcha ? { captcha: input.captcha } : {}),
  };
  const response = await apiFetch<{ data: { document: ApiDocument } }>('/api/my-declarations/', {
    method: 'POST',
    json: body,
  });
  return response.data.document;
}

export function useCreateDocument() {
  return useMutation({ mutationFn: createDocument });
}
