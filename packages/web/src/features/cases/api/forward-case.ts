import type { ForwardAction, ForwardResult } from '@dilosi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys } from './keys';

/** POST /api/gates/{codename}/gate/inbox-entries/action: forward a case. */
export function forwardCase(codename: string, action: ForwardAction) {
  return apiFetch<{ data: ForwardResult }>(
    `/api/gates/${encodeURIComponent(codename)}/gate/inbox-entries/action`,
    { method: 'POST', json: action },
  );
}

/** Forwards a case; the lists are read again. */
export function useForwardCase(codename: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ForwardAction) => forwardCase(codename, action),
    onSuccess: () => client.invalidateQueries({ queryKey: casesKeys.all }),
  });
}
