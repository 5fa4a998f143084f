import type { PendingEmail } from '@dilosi/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** POST /api/profile/email/resend (the spec's resend_email_otp): a new code, the old one void. */
export async function resendEmailCode(): Promise<PendingEmail> {
  const answer = await apiFetch<{ data: PendingEmail }>('/api/profile/email/resend', {
    method: 'POST',
  });
  return answer.data;
}

export function useResendEmailCode() {
  return useMutation({ mutationFn: resendEmailCode });
}
