import type { PageMeta } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch, isApiRequestError } from '../../../api/api-client';

/**
 * One sitting of looks at the citizen's document: validation look-ups through one context, one
 * entity's staff opening the case (and taking its PDF), or the case forwarded to another entity.
 */
export type AccessLogEntry = {
  id: string;
  kind: 'validation' | 'case_view' | 'forward';
  /** ISO 8601: the sitting's last access. */
  timestamp: string;
  /** ISO 8601: its first. */
  first_timestamp: string;
  count: number;
  validation_context: string | null;
  entity_name: string | null;
  staff_role: 'clerk' | 'head' | null;
  pdf_downloaded: boolean;
  target_entity_name: string | null;
};
export type AccessLogPage = { data: AccessLogEntry[]; meta: PageMeta };

/**
 * GET /api/citizen-declarations/{ref}/access-log: who looked at the document. `null` when the
 * server has no such route (404): the vault then says the log is not available.
 */
export async function getAccessLog(
  query: { ref: string; limit: number; offset: number },
  signal?: AbortSignal,
): Promise<AccessLogPage | null> {
  try {
    return await apiFetch<AccessLogPage>(
      `/api/citizen-declarations/${encodeURIComponent(query.ref)}/access-log?limit=${query.limit}&offset=${query.offset}`,
      signal ? { signal } : {},
    );
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) return null;
    throw error;
  }
}

export const accessLogQueryOptions = (query: { ref: string; limit: number; offset: number }) =>
  queryOptions({
    queryKey: ['vault', 'access-log', query.ref, query.limit, query.offset],
    queryFn: ({ signal }) => getAccessLog(query, signal),
    placeholderData: keepPreviousData,
    retry: false,
  });

export function useAccessLog(query: { ref: string; limit: number; offset: number }) {
  return useQuery(accessLogQueryOptions(query));
}
