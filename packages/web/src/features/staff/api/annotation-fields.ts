import type { AnnotationField, AnnotationFieldRequest } from '@dilosi/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { annotationFieldsKey, annotationFieldsPath } from '../../../api/annotation-fields';
import { apiFetch } from '../../../api/api-client';

/** A head adds an annotation field (issue #41); the fields are read again. */
export function useCreateAnnotationField(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnotationFieldRequest) =>
      apiFetch<{ data: AnnotationField }>(annotationFieldsPath(entityId), {
        method: 'POST',
        json: body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: annotationFieldsKey(entityId) }),
  });
}

/** A head deletes a field and its values; the fields are read again. */
export function useDeleteAnnotationField(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<unknown>(`${annotationFieldsPath(entityId)}/${encodeURIComponent(id)}`, {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: annotationFieldsKey(entityId) }),
  });
}
