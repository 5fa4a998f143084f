import { isUuid } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiDocument } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { getDocument } from './get-document';

/** A document id (the done address of a document without a reference code). */

/**
 * GET /api/citizen-declarations/{ref}: the owner's document by its reference code (404 for
 * anyone else). An id instead of a code is read through GET /api/my-declarations/{id}.
 */
export async function getCitizenDeclaration(
  ref: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ApiDocument> {
  if (isUuid(ref)) return getDocument(ref, signal ? { signal } : {});
  const body = await apiFetch<{ data: { document: ApiDocument } }>(
    `/api/citizen-declarations/${encodeURIComponent(ref)}`,
    signal ? { signal } : {},
  );
  return body.data.document;
}

export const getCitizenDeclarationQueryOptions = (ref: string) =>
  queryOptions({
    queryKey: ['documents', 'by-reference', ref],
    queryFn: ({ signal }) => getCitizenDeclaration(ref, { signal }),
  });

export function useCitizenDeclaration(ref: string) {
  return useQuery(getCitizenDeclarationQueryOptions(ref));
}
