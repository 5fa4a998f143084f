import type { AnnotationField } from '@dilosi/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { dashboardKeys } from './dashboard-keys';

/** The API address of an entity's annotation fields (issue #41). */
export const annotationFieldsPath = (entityId: string) =>
  `/api/entity/${encodeURIComponent(entityId)}/annotation-fields`;

export const annotationFieldsKey = (entityId: string) =>
  [...dashboardKeys.all, 'annotation-fields', entityId] as const;

/**
 * GET /api/entity/{e}/annotation-fields: the entity's annotation fields. Shared by the cases
 * side (the search panel's filter) and the staff side (the head's settings).
 */
export function useAnnotationFields(entityId: string) {
  return useQuery({
    queryKey: annotationFieldsKey(entityId),
    queryFn: ({ signal }) =>
      apiFetch<{ data: AnnotationField[] }>(annotationFieldsPath(entityId), { signal }),
  });
}
