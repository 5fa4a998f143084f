import { CITIZEN_MESSAGE_TYPES, type InboxEntriesResponse } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';

/**
 * How many new (unread) messages the citizen has: `meta.counts.incoming` of
 * POST /api/gates/USER/gate/inbox-entries, asked for one entry. Shared by the home page's notice
 * and /my/. Its key starts with `messages`, so the new-messages poll refreshes it.
 */
export async function getUnreadMessages(signal?: AbortSignal): Promise<number> {
  const body = await apiFetch<InboxEntriesResponse>('/api/gates/USER/gate/inbox-entries', {
    method: 'POST',
    // Every type the messages page lists (documents too), so the two never disagree (issue #33).
    json: {
      status: ['incoming'],
      types: [...CITIZEN_MESSAGE_TYPES],
      limit: 1,
      full_document: false,
    },
    ...(signal ? { signal } : {}),
  });
  return body.meta.counts.incoming;
}

export const unreadMessagesQueryOptions = () =>
  queryOptions({
    queryKey: ['messages', 'unread-count'],
    queryFn: ({ signal }) => getUnreadMessages(signal),
  });

export function useUnreadMessages({ enabled }: { enabled: boolean }) {
  return useQuery({ ...unreadMessagesQueryOptions(), enabled });
}
