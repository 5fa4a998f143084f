import {
  CITIZEN_MESSAGE_TYPES,
  type CitizenMessage,
  type InboxEntriesQuery,
  type InboxEntriesResponse,
  type MessageDocument,
  type MessageStatus,
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
      fetchMessages(
        {
          status,
          // Every type: documents shared with or sent to the citizen are listed with the rest.
          types: [...CITIZEN_MESSAGE_TYPES],
          ...(before ? { before } : {}),
          full_document: false,
        },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
}

export type MessageAction = 'retrieve' | 'archive' | 'unarchive' | 'accept' | 'reject';

/**
 * Opens (retrieve), archives or unarchives a message, or answers the document it carries
 * (accept, reject with a reason); the lists are read again after it.
 */
export function useMessageAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id, reason }: { action: MessageAction; id: string; reason?: string }) =>
      apiFetch<{ data: CitizenMessage }>(`${LIST}/action`, {
        method: 'POST',
        json: { action, object_id: id, ...(reason !== undefined ? { arguments: { reason } } : {}) },
      }),
    onSuccess: (answer) => {
      client.setQueryData(['message', answer.data.id], answer);
      void client.invalidateQueries({ queryKey: ['messages'] });
      void client.invalidateQueries({ queryKey: ['message-document', answer.data.id] });
    },
  });
}

/** The document a message carries, read-only (shared, addressed to the caller, or sent). */
export function useMessageDocument(id: string, enabled: boolean) {
  return useQuery({
    queryKey: ['message-document', id],
    queryFn: ({ signal }) =>
      apiFetch<{ data: MessageDocument }>(`${LIST}/${encodeURIComponent(id)}/document`, {
        signal,
      }),
    enabled,
  });
}

/** A short-lived download address of the PDF of the document a message carries. */
export function messageDocumentPdfUrl(id: string) {
  return apiFetch<{ data: { download_url: string } }>(
    `${LIST}/${encodeURIComponent(id)}/pdf/token`,
    { method: 'POST' },
  );
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
