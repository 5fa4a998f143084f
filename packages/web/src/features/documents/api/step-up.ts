import { useMutation } from '@tanstack/react-query';
import { STEP_UP_PATHS, type StepUpSent } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/** POST /api/step-up: a six-digit code by SMS to the certified mobile (issue #37). */
export async function sendStepUpCode(): Promise<StepUpSent> {
  const body = await apiFetch<{ data: StepUpSent }>(STEP_UP_PATHS.send, { method: 'POST' });
  return body.data;
}

/** POST /api/step-up/confirm: the code; the session's second factor is fresh from now. */
export async function confirmStepUp(code: string): Promise<{ confirmed_at: string }> {
  const body = await apiFetch<{ data: { confirmed_at: string } }>(STEP_UP_PATHS.confirm, {
    method: 'POST',
    json: { code },
  });
  return body.data;
}

export function useSendStepUpCode() {
  return useMutation({ mutationFn: sendStepUpCode });
}

export function useConfirmStepUp() {
  return useMutation({ mutationFn: confirmStepUp });
}
