import { useMutation } from '@tanstack/react-query';
import type { FileCheckResponse } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/** POST /api/validation/file: is this PDF exactly one the service issued? */
export async function checkFile(file: File): Promise<FileCheckResponse['data']> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await apiFetch<FileCheckResponse>('/api/validation/file', {
    method: 'POST',
    body: form,
  });
  return response.data;
}

export function useCheckFile() {
  return useMutation({ mutationFn: checkFile });
}
