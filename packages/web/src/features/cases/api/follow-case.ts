import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { caseApiPath, casesKeys } from './keys';

/** PUT / DELETE …/inbox/{i}/follow (issue #41): follow the case or stop; the case is read again. */
export function useFollowCase(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (followed: boolean) =>
      apiFetch<{ data: { followed: boolean } }>(`${caseApiPath(entityId, inboxId)}/follow`, {
        method: followed ? 'PUT' : 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.case(entityId, inboxId) }),
  });
}
