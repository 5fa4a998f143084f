import type { VaultCaseThread } from '@dilosi/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { sendCitizenMessage } from '../../../ui/case-message-form';

const threadPath = (caseId: string) => `/api/vault/cases/${encodeURIComponent(caseId)}/messages`;

/** GET /api/vault/cases/{id}/messages: one of her cases and its thread, both ways. */
export function getCaseThread(caseId: string, signal?: AbortSignal) {
  return apiFetch<{ data: VaultCaseThread }>(threadPath(caseId), signal ? { signal } : {});
}

export const caseThreadQueryOptions = (caseId: string) =>
  queryOptions({
    queryKey: ['vault', 'thread', caseId],
    queryFn: ({ signal }) => getCaseThread(caseId, signal),
  });

export function useCaseThread(caseId: string) {
  return useQuery(caseThreadQueryOptions(caseId));
}

/** She writes into the thread (one optional PDF); the thread and her cases are read again. */
export function useSendToCaseThread(caseId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ message, file }: { message: string; file: File | null }) =>
      sendCitizenMessage(threadPath(caseId), message, file),
    onSuccess: () => client.invalidateQueries({ queryKey: ['vault'] }),
  });
}

/** A short-lived address of the PDF she attached to one of her messages. */
export function caseThreadFileUrl(caseId: string, messageId: string) {
  return apiFetch<{ download_url: string }>(
    `${threadPath(caseId)}/${encodeURIComponent(messageId)}/attachment/token`,
    { method: 'POST' },
  );
}
