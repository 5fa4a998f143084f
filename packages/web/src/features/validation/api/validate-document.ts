import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidatedDocument, ValidationRequest, ValidationResponse } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/** POST /api/validation/document: the validation view of a document by its reference code. */
export async function validateDocument(
  input: { code: string; context?: string },
  { signal }: { signal?: AbortSignal } = {},
): Promise<ValidatedDocument> {
  const body: ValidationRequest = {
    'document-id': input.code,
    ...(input.context ? { context: input.context } : {}),
  };
  const response = await apiFetch<ValidationResponse>('/api/validation/document', {
    method: 'POST',
    json: body,
    ...(signal ? { signal } : {}),
  });
  return response.data.document;
}

export const validateDocumentQueryOptions = (code: string, context?: string) =>
  queryOptions({
    queryKey: ['validation', 'document', code, context ?? null],
    queryFn: ({ signal }) => validateDocument({ code, context }, { signal }),
  });

export function useValidatedDocument(code: string, context?: string) {
  return useQuery(validateDocumentQueryOptions(code, context));
}
