import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalizedText } from '@dilosi/domain';
import { apiFetch } from '../../../../api/api-client';

/** An addressable entity a document can be sent to. */
export type RecipientOption = { codename: string; name: LocalizedText };

/** Spec section 9: the recipient search needs at least 3 characters. */
export const RECIPIENT_SEARCH_MIN_LENGTH = 3;

/** Whether a (trimmed) query is long enough to search, counted in characters as the server does. */
export function isSearchableQuery(query: string): boolean {
  return [...query].length >= RECIPIENT_SEARCH_MIN_LENGTH;
}

/** GET /api/recipients?q=…: entities matching the typed name ({ data: [...] }). */
export async function searchRecipients(
  query: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<RecipientOption[]> {
  const body = await apiFetch<{ data: RecipientOption[] } | RecipientOption[]>(
    `/api/recipients?q=${encodeURIComponent(query)}`,
    signal ? { signal } : {},
  );
  return Array.isArray(body) ? body : body.data;
}

export const searchRecipientsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: ['recipients', query],
    queryFn: ({ signal }) => searchRecipients(query, { signal }),
    enabled: isSearchableQuery(query),
  });

export function useSearchRecipients(query: string) {
  return useQuery(searchRecipientsQueryOptions(query));
}
