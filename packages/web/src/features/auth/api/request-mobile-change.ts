import type { MobileChangeBody, PendingMobile } from '@dilosi/domain';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** POST /api/profile/mobile: a six-digit code goes to the new mobile; the change waits for it. */
export async function requestMobileChange(body: MobileChangeBody): Promise<PendingMobile> {
  const answer = await apiFetch<{ data: PendingMobile }>('/api/profile/mobile', {
    method: 'POST',
    json: body,
  });
  return answer.data;
}

export function useRequestMobileChange() {
  return useMutation({ mutationFn: requestMobileChange });
}
