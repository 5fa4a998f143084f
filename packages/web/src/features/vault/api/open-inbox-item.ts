import type { CitizenMessage } from '@dilosi/domain';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/**
 * A received item, opened: POST /api/gates/USER/gate/inbox-entries/action `retrieve` (the first
 * opening marks it read; another person's item is 404).
 */
export async function openInboxItem(id: string, signal?: AbortSignal): Promise<CitizenMessage> {
  const body = await apiFetch<{ data: CitizenMessage }>(
    '/api/gates/USER/gate/inbox-entries/action',
    { method: 'POST', json: { action: 'retrieve', object_id: id }, ...(signal ? { signal } : {}) },
  );
  return body.data;
}

export const inboxItemQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['vault', 'inbox-item', id],
    queryFn: ({ signal }) => openInboxItem(id, signal),
    staleTime: Infinity,
    retry: false,
  });

export function useInboxItem(id: string) {
  const client = useQueryClient();
  return useQuery({
    ...inboxItemQueryOptions(id),
    queryFn: async ({ signal }) => {
      const item = await openInboxItem(id, signal);
      void client.invalidateQueries({ queryKey: ['messages'] });
      return item;
    },
  });
}
