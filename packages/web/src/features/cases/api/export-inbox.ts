import { apiFetch } from '../../../api/api-client';
import { inboxApiPath } from './keys';
import { saveFile } from '../../../lib/save-file';

/** GET /api/entity/{e}/inbox/export.csv: the list as filtered, every page. */
export function exportInbox(entityId: string, listQuery: URLSearchParams) {
  const query = new URLSearchParams(listQuery);
  query.delete('limit');
  query.delete('offset');
  return apiFetch<Blob>(`${inboxApiPath(entityId)}/export.csv?${query}`, {
    blob: true,
    headers: { Accept: 'text/csv' },
  });
}

/** The list as filtered, as a CSV file the browser saves. */
export async function downloadInboxCsv(
  entityId: string,
  listQuery: URLSearchParams,
  filename: string,
): Promise<void> {
  const file = await exportInbox(entityId, listQuery);
  saveFile(file, filename);
}
