import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** DELETE /api/my-declarations/{id}: a draft, with its files (an issued one is refused, 409). */
export function deleteDraft(id: string) {
  return apiFetch<{ data: { deleted: true } }>(`/api/my-declarations/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}

export function useDeleteDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDraft,
    onSuccess: () => client.invalidateQueries({ queryKey: ['vault', 'documents', 'drafts'] }),
  });
}
