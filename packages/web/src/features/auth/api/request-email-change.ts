import type { EmailChangeBody, PendingEmail } from '@dilosi/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** POST /api/profile/email: a six-digit code goes to the new email; the change waits for it. */
export async function requestEmailChange(body: EmailChangeBody): Promise<PendingEmail> {
  const answer = await apiFetch<{ data: PendingEmail }>('/api/profile/email', {
    method: 'POST',
    json: body,
  });
  return answer.data;
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
