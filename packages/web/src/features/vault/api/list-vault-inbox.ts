import type { CitizenMessageType, InboxEntriesResponse, MessageStatus } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** What the vault's inbox holds: documents received, not plain messages (those are /my/messages). */
export const VAULT_INBOX_TYPES: CitizenMessageType[] = [
  'incoming-document',
  'shared-document',
  'user-document',
];
const ALL_STATUSES: MessageStatus[] = ['incoming', 'retrieved', 'resolved', 'archived'];

/** POST /api/gates/USER/gate/inbox-entries with the document types, older pages by `before`. */
export function listVaultInbox(
  query: { limit: number; before?: string | undefined },
  signal?: AbortSignal,
) {
  return apiFetch<InboxEntriesResponse>('/api/gates/USER/gate/inbox-entries', {
    method: 'POST',
    json: {
      action: 'list',
      types: VAULT_INBOX_TYPES,
      status: ALL_STATUSES,
      limit: query.limit,
      full_document: false,
      ...(query.before ? { before: query.before } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

// Under `messages`: the new-messages poll and a message's archive refresh it too.
export const vaultInboxQueryOptions = (query: { limit: number; before?: string | undefined }) =>
  queryOptions({
    queryKey: ['messages', 'vault-inbox', query.limit, query.before ?? ''],
    queryFn: ({ signal }) => listVaultInbox(query, signal),
    placeholderData: keepPreviousData,
  });

export function useVaultInbox(query: { limit: number; before?: string | undefined }) {
  return useQuery(vaultInboxQueryOptions(query));
}
