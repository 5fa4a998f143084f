import type { VaultExport, VaultExportLatestResponse, VaultExportResponse } from '@dilosi/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../api/api-client';
import { saveFile } from '../../lib/save-file';

/** How often the page asks for progress while the export is being made. */
export const EXPORT_POLL_MS = 2000;

export const isBeingMade = (item: VaultExport | null | undefined) =>
  item?.state === 'queued' || item?.state === 'running';

export function fetchLatestExport(signal?: AbortSignal) {
  return apiFetch<VaultExportLatestResponse>('/api/vault/exports/latest', { signal });
}

export const latestExportQueryOptions = () =>
  queryOptions({
    queryKey: ['vault-export', 'latest'],
    queryFn: ({ signal }) => fetchLatestExport(signal),
    // Poll only while the job works; a ready, failed or expired export does not change alone.
    refetchInterval: (query) => (isBeingMade(query.state.data?.data) ? EXPORT_POLL_MS : false),
  });

/** The citizen's newest export, polled every 2 s while queued or running. */
export function useLatestExport() {
  return useQuery(latestExportQueryOptions());
}

/** "Prepare my export": queues one; the latest export is then the new one. */
export function useRequestExport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<VaultExportResponse>('/api/vault/exports', { method: 'POST' }),
    onSuccess: (answer) => {
      client.setQueryData(latestExportQueryOptions().queryKey, { data: answer.data });
    },
  });
}

/**
 * The ZIP, fetched with the session (the link alone is not enough) and saved by the browser
 * under the server's file name.
 */
export async function downloadExport(url: string, filename: string): Promise<void> {
  const file = await apiFetch<Blob>(url, { blob: true, headers: { Accept: 'application/zip' } });
  saveFile(file, filename);
}
