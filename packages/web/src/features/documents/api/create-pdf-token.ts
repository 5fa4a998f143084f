import { useMutation } from '@tanstack/react-query';
import type { PdfTokenResponse } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/**
 * POST /api/my-declarations/{id}/pdf/token: a short-lived address of the sealed PDF
 * (GET /api/pdf/{token}), which needs no session, so the browser can download it itself.
 */
export async function createPdfToken(id: string): Promise<string> {
  const body = await apiFetch<PdfTokenResponse>(
    `/api/my-declarations/${encodeURIComponent(id)}/pdf/token`,
    { method: 'POST' },
  );
  return body.meta.download_url;
}

export function useCreatePdfToken() {
  return useMutation({ mutationFn: createPdfToken });
}
