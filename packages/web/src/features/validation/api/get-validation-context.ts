import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ValidationContext, ValidationContextResponse } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/** GET /api/validation/contexts/{id}: the languages and texts of a validation page. */
export async function getValidationContext(
  id: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ValidationContext> {
  const response = await apiFetch<ValidationContextResponse>(
    `/api/validation/contexts/${encodeURIComponent(id)}`,
    signal ? { signal } : {},
  );
  return response.data.info;
}

export const getValidationContextQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['validation', 'context', id],
    queryFn: ({ signal }) => getValidationContext(id, { signal }),
    // A context changes with a deployment, not while browsing.
    staleTime: Infinity,
  });

export function useValidationContextQuery(id: string) {
  return useQuery(getValidationContextQueryOptions(id));
}
