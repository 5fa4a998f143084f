import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys } from './keys';

const enc = encodeURIComponent;

/** GET /api/entity/{e}/inbox-entry-resolve/{id}: the case an inbox-entry id names. */
export function resolveInboxEntry(entityId: string, inboxId: string, signal?: AbortSignal) {
  return apiFetch<{ entry_id: string }>(
    `/api/entity/${enc(entityId)}/inbox-entry-resolve/${enc(inboxId)}`,
    signal ? { signal } : {},
  );
}

export const resolveInboxEntryQueryOptions = (entityId: string, inboxId: string) =>
  queryOptions({
    queryKey: [...casesKeys.case(entityId, inboxId), 'resolve'] as const,
    queryFn: ({ signal }) => resolveInboxEntry(entityId, inboxId, signal),
  });

export function useResolvedInboxEntry(entityId: string, inboxId: string) {
  return useQuery(resolveInboxEntryQueryOptions(entityId, inboxId));
}
