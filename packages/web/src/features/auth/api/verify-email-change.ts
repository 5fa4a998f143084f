import type { ContactCodeBody } from '@dilosi/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import type { CurrentUser } from '../../../api/auth';
import { useRefreshCurrentUser } from './current-user-key';

/** POST /api/profile/email/verify: the code makes the new email hers. */
export async function verifyEmailChange(body: ContactCodeBody): Promise<CurrentUser> {
  const answer = await apiFetch<{ data: CurrentUser }>('/api/profile/email/verify', {
    method: 'POST',
    json: body,
  });
  return answer.data;
}

/** Confirms the change; the current user is refreshed. */
export function useVerifyEmailChange() {
  const refresh = useRefreshCurrentUser();
  return useMutation({ mutationFn: verifyEmailChange, onSuccess: refresh });
}
