import type { DeclineConsentBody, JointConsent, SignConsentBody } from '@dilosi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { consentPath, consentQueryOptions } from './get-consent';

/**
 * The consent's actions, each a POST answering the consent as it now stands: sign (her SMS code
 * and the digest of the text she read), decline (an optional reason), and the author's cancel
 * and remind.
 */
export type ConsentAction =
  | { kind: 'sign'; body: SignConsentBody }
  | { kind: 'decline'; body: DeclineConsentBody }
  | { kind: 'cancel' }
  | { kind: 'remind' };

export function actOnConsent(id: string, action: ConsentAction) {
  return apiFetch<{ data: { consent: JointConsent } }>(`${consentPath(id)}/${action.kind}`, {
    method: 'POST',
    json: 'body' in action ? action.body : {},
  });
}

export function useActOnConsent(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: ConsentAction) => actOnConsent(id, action),
    onSuccess: (answer) => {
      client.setQueryData(consentQueryOptions(id).queryKey, answer);
      // The author's panel on the document's pages, and the lists, read the new states.
      void client.invalidateQueries({ queryKey: ['joint', 'document'] });
      void client.invalidateQueries({ queryKey: ['joint', 'consents'] });
    },
  });
}
