import type { CaseExport, CaseExportRequest } from '@dilosi/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys } from './keys';
import { saveFile } from '../../../lib/save-file';

const exportsPath = (entityId: string) => `/api/entity/${encodeURIComponent(entityId)}/exports`;
const exportsKey = (entityId: string) => [...casesKeys.all, 'exports', entityId] as const;

/** How often the history is read again while an export is being built. */
export const EXPORT_POLL_MS = 2000;

/** GET /api/entity/{e}/exports: my last spreadsheet exports, read again while one is built. */
export function useCaseExports(entityId: string) {
  return useQuery({
    queryKey: exportsKey(entityId),
    queryFn: ({ signal }) => apiFetch<{ data: CaseExport[] }>(exportsPath(entityId), { signal }),
    refetchInterval: (query) =>
      query.state.data?.data.some((e) => e.state === 'queued' || e.state === 'running')
        ? EXPORT_POLL_MS
        : false,
  });
}

/** POST a new export of the list as filtered; the history is read again. */
export function useRequestCaseExport(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CaseExportRequest) =>
      apiFetch<{ data: CaseExport }>(exportsPath(entityId), { method: 'POST', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: exportsKey(entityId) }),
  });
}

/** The file of a ready export, saved by the browser. */
export async function downloadCaseExport(item: CaseExport, filename: string): Promise<void> {
  if (!item.download_url) return;
  const file = await apiFetch<Blob>(item.download_url, { blob: true });
  saveFile(file, filename);
}
