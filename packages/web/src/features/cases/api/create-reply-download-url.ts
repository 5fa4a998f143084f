import { apiFetch } from '../../../api/api-client';

const enc = encodeURIComponent;

/** POST /api/entity/{e}/documents/{id}/pdf/token: the sealed PDF of an issued reply. */
export function createReplyDownloadUrl(entityId: string, replyId: string) {
  return apiFetch<{ data: { download_url: string } }>(
    `/api/entity/${enc(entityId)}/documents/${enc(replyId)}/pdf/token`,
    { method: 'POST' },
  );
}
