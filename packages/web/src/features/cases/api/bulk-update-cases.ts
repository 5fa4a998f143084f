import type { BulkCaseAction, BulkCaseResult } from '@dilosi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys, inboxApiPath } from './keys';

/** POST /api/entity/{e}/inbox/bulk: assign or change the state of many cases. */
export function bulkUpdateCases(entityId: string, action: BulkCaseAction) {
  return apiFetch<{ data: BulkCaseResult }>(`${inboxApiPath(entityId)}/bulk`, {
    method: 'POST',
    json: action,
  });
}

/** Bulk assign or status; the lists and cases are read again after it. */
export function useBulkCaseAction(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: BulkCaseAction) => bulkUpdateCases(entityId, action),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.all }),
  });
}
