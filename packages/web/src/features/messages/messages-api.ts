import type {
  CitizenMessage,
  InboxEntriesQuery,
  InboxEntriesResponse,
  MessageStatus,
} from '@dilosi/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/api-client';

const LIST = '/api/gates/USER/gate/inbox-entries';

export function fetchMessages(query: InboxEntriesQuery, signal?: AbortSignal) {
  return apiFetch<InboxEntriesResponse>(LIST, { method: 'POST', json: query, signal });
}

/** One page of the caller's messages in these statuses (`before`: older than that tsid). */
export function useMessages(status: MessageStatus[], before?: string) {
  return useQuery({
    queryKey: ['messages', status.join(','), before ?? ''],
    queryFn: ({ signal }) =>
      fetchMessages({ status, ...(before ? { before } : {}), full_document: false }, signal),
    placeholderData: keepPreviousData,
  });
}

export type MessageAction = 'retrieve' | 'archive' | 'unarchive';

/** Opens (retrieve), archives or unarchives a message; the lists are read again after it. */
export function useMessageAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: MessageAction; id: string }) =>
      apiFetch<{ data: CitizenMessage }>(`${LIST}/action`, {
        method: 'POST',
        json: { action, object_id: id },
      }),
    onSuccess: (answer) => {
      client.setQueryData(['message', answer.data.id], answer);
      void client.invalidateQueries({ queryKey: ['messages'] });
    },
  });
}

/** The message, opened: the first opening marks it read. */
export function useOpenedMessage(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['message', id],
    queryFn: async () => {
      const answer = await apiFetch<{ data: CitizenMessage }>(`${LIST}/action`, {
        method: 'POST',
        json: { action: 'retrieve', object_id: id },
      });
      void client.invalidateQueries({ queryKey: ['messages'] });
      return answer;
    },
    staleTime: Infinity,
    retry: false,
  });
}
