import { apiFetch } from '../../../api/api-client';
import { caseApiPath } from './keys';

/** A short-lived address of the PDF the citizen attached to one of her messages (issue #33). */
export function createCaseMessageFileUrl(entityId: string, inboxId: string, messageId: string) {
  return apiFetch<{ download_url: string }>(
    `${caseApiPath(entityId, inboxId)}/communications/${encodeURIComponent(messageId)}/attachment/token`,
    { method: 'POST' },
  );
}
