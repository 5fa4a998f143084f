import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { consentPath } from './get-consent';

/** POST /api/joint/consents/{id}/code: her six-digit SMS code to sign with. */
export function sendSignatureCode(id: string) {
  return apiFetch<{ data: { mobile: string; expires_at: string; sends: number } }>(
    `${consentPath(id)}/code`,
    { method: 'POST', json: {} },
  );
}

export function useSendSignatureCode(id: string) {
  return useMutation({ mutationFn: () => sendSignatureCode(id) });
}
