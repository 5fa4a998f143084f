import type { PendingMobile } from '@dilosi/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** POST /api/profile/mobile/resend: a new code, the old one void. */
export async function resendMobileCode(): Promise<PendingMobile> {
  const answer = await apiFetch<{ data: PendingMobile }>('/api/profile/mobile/resend', {
    method: 'POST',
  });
  return answer.data;
}

export function useResendMobileCode() {
  return useMutation({ mutationFn: resendMobileCode });
}
