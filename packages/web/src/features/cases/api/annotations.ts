import { ANNOTATION_FILE_FIELD, type CaseAnnotations } from '@dilosi/domain';
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

/** PUT …/annotations/{fieldId}/file: an attachment annotation's PDF (multipart). */
export function useUploadAnnotationFile(entityId: string, inboxId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fieldId, file }: { fieldId: string; file: File }) => {
      const body = new FormData();
      body.append('json', '{}');
      body.append(`file__${ANNOTATION_FILE_FIELD}`, file, file.name);
      return apiFetch<{ data: CaseAnnotations }>(
        `${caseApiPath(entityId, inboxId)}/annotations/${encodeURIComponent(fieldId)}/file`,
        { method: 'PUT', body },
      );
    },
    onSuccess: (answer) => {
      client.setQueryData(caseKey(entityId, inboxId), answer);
      return client.invalidateQueries({ queryKey: casesKeys.case(entityId, inboxId) });
    },
  });
}

/** POST …/annotations/{fieldId}/file/token: a short-lived address of the annotation's PDF. */
export function createAnnotationFileUrl(entityId: string, inboxId: string, fieldId: string) {
  return apiFetch<{ download_url: string }>(
    `${caseApiPath(entityId, inboxId)}/annotations/${encodeURIComponent(fieldId)}/file/token`,
    { method: 'POST' },
  );
}
