import type { CaseActionRequest, CaseDecisionRequest } from '@dilosi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { caseApiPath, casesKeys } from './keys';

/** One action on a case: the address's last segment and the body it posts. */
export type CaseAction =
  | { kind: 'assign'; body: { user_id: string } }
  | { kind: 'change_state'; body: { state: string; reason?: string } }
  | { kind: 'comments'; body: { comment: string } }
  | { kind: 'communications'; body: { message: string } }
  | { kind: 'decision'; body: CaseDecisionRequest }
  | { kind: 'correction'; body: { reason: string } }
  | { kind: 'action'; body: CaseActionRequest };

/** POST /api/entity/{e}/inbox/{id}/{kind}. */
export function runCaseAction(entityId: string, inboxId: string, action: CaseAction) {
  return apiFetch<unknown>(`${caseApiPath(entityId, inboxId)}/${action.kind}`, {
    method: 'POST',
    json: action.body,
  });
}

/** One of the case's actions; the case, its tabs and the lists are read again after it. */
export function useCaseAction(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: CaseAction) => runCaseAction(entityId, inboxId, action),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.all }),
  });
}

/** DELETE /api/entity/{e}/inbox/{id}/correction: the clerk takes back the open correction. */
export function useWithdrawCorrection(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiFetch<unknown>(`${caseApiPath(entityId, inboxId)}/correction`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.all }),
  });
}
