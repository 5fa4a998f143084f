import type { CaseAnnotations } from '@dilosi/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { caseApiPath, casesKeys } from './keys';

const caseKey = (entityId: string, inboxId: string) =>
  [...casesKeys.case(entityId, inboxId), 'annotations'] as const;

/** GET …/inbox/{i}/annotations: the fields of a case with their values. */
export function useCaseAnnotations(entityId: string, inboxId: string) {
  return useQuery({
    queryKey: caseKey(entityId, inboxId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: CaseAnnotations }>(`${caseApiPath(entityId, inboxId)}/annotations`, {
        signal,
      }),
  });
}

/** PUT …/inbox/{i}/annotations/{fieldId}: one value set or cleared; the case is read again. */
export function useSetAnnotation(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fieldId, value }: { fieldId: string; value: string | null }) =>
      apiFetch<{ data: CaseAnnotations }>(
        `${caseApiPath(entityId, inboxId)}/annotations/${encodeURIComponent(fieldId)}`,
        { method: 'PUT', json: { value } },
      ),
    onSuccess: (answer) => {
      client.setQueryData(caseKey(entityId, inboxId), answer);
      return client.invalidateQueries({ queryKey: casesKeys.case(entityId, inboxId) });
    },
  });
}
