import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageMeta } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/** One SMS or e-mail the service wrote (GET /api/dev/outbox, development only). */
export type OutboxItem = {
  id: string;
  channel: 'sms' | 'email';
  recipient: string;
  message_key: string;
  locale: string;
  subject: string | null;
  body: string;
  status: 'queued' | 'sending' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  provider: string | null;
  document_id: string | null;
  created_at: string;
  sent_at: string | null;
};

export type OutboxPage = { data: OutboxItem[]; meta: PageMeta };

export const OUTBOX_PAGE_SIZE = 20;

/** GET /api/dev/outbox?limit&offset: newest first; the route exists only with DEVEL on. */
export function getOutbox(
  page: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<OutboxPage> {
  const query = new URLSearchParams({
    limit: String(OUTBOX_PAGE_SIZE),
    offset: String((page - 1) * OUTBOX_PAGE_SIZE),
  });
  return apiFetch<OutboxPage>(`/api/dev/outbox?${query.toString()}`, signal ? { signal } : {});
}

export const getOutboxQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['dev', 'outbox', page],
    queryFn: ({ signal }) => getOutbox(page, { signal }),
  });

export function useOutbox(page: number) {
  return useQuery({ ...getOutboxQueryOptions(page), placeholderData: keepPreviousData });
}
