import type { JointConsentSummary } from '@dilosi/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/**
 * How many open joint declarations wait for her signature (issue #35), for her home's card.
 * GET /api/joint/consents under the joint pages' query key, so signing there refreshes it.
 */
export function useWaitingSignatures() {
  return useQuery({
    queryKey: ['joint', 'consents'],
    queryFn: ({ signal }) =>
      apiFetch<{ data: { consents: JointConsentSummary[] } }>('/api/joint/consents', { signal }),
    select: (answer) =>
      answer.data.consents.filter(
        (consent) =>
          consent.state === 'issued' &&
          consent.signatories[consent.my_position]?.state === 'pending',
      ).length,
  });
}
