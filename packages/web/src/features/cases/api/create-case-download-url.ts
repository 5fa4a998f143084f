import { apiFetch } from '../../../api/api-client';
import { caseApiPath } from './keys';

/** POST …/pdf/token or …/attachments/{n}/token: a short-lived address of the case's PDF or file. */
export function createCaseDownloadUrl(entityId: string, inboxId: string, attachment?: number) {
  const tail = attachment === undefined ? 'pdf/token' : `attachments/${attachment}/token`;
  return apiFetch<{ download_url: string }>(`${caseApiPath(entityId, inboxId)}/${tail}`, {
    method: 'POST',
  });
}
