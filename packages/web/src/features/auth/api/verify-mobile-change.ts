import type { ContactCodeBody } from '@dilosi/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import type { CurrentUser } from '../../../api/auth';
import { useRefreshCurrentUser } from './current-user-key';

/** POST /api/profile/mobile/verify: the code makes the new mobile hers, certified. */
export async function verifyMobileChange(body: ContactCodeBody): Promise<CurrentUser> {
  const answer = await apiFetch<{ data: CurrentUser }>('/api/profile/mobile/verify', {
    method: 'POST',
    json: body,
  });
  return answer.data;
}

/** Confirms the change; the current user is refreshed. */
export function useVerifyMobileChange() {
  const refresh = useRefreshCurrentUser();
  return useMutation({ mutationFn: verifyMobileChange, onSuccess: refresh });
}
