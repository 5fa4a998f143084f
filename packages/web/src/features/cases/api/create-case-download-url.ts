import { apiFetch } from '../../../api/api-client';
import { caseApiPath } from './keys';

/** POST …/pdf/token or …/attachments/{n}/token: a short-lived address of the case's PDF or file. */
export function createCaseDownloadUrl(entityId: string, inboxId: string, attachment?: number) {
  const tail = attachment === undefined ? 'pdf/token' : `attachments/${attachment}/token`;
  return apiFetch<{ download_url: string }>(`${caseApiPath(entityId, inboxId)}/${tail}`, {
    method: 'POST',
  });
}

/** POST …/zip/token (issue #41): a short-lived address of the whole case as one ZIP. */
export function createCaseZipUrl(entityId: string, inboxId: string) {
  return apiFetch<{ download_url: string }>(`${caseApiPath(entityId, inboxId)}/zip/token`, {
    method: 'POST',
  });
}
