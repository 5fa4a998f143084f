import type { SavedView, SavedViewRequest } from '@dilosi/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys } from './keys';

const viewsPath = (entityId: string) => `/api/entity/${encodeURIComponent(entityId)}/saved-views`;
const viewsKey = (entityId: string) => [...casesKeys.all, 'saved-views', entityId] as const;

/** GET /api/entity/{e}/saved-views: my saved views of the list (issue #41). */
export function useSavedViews(entityId: string) {
  return useQuery({
    queryKey: viewsKey(entityId),
    queryFn: ({ signal }) => apiFetch<{ data: SavedView[] }>(viewsPath(entityId), { signal }),
  });
}

/** POST a new view, or DELETE one of mine; the list is read again after either. */
export function useSaveView(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SavedViewRequest) =>
      apiFetch<{ data: SavedView }>(viewsPath(entityId), { method: 'POST', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: viewsKey(entityId) }),
  });
}

export function useDeleteView(entityId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<unknown>(`${viewsPath(entityId)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: viewsKey(entityId) }),
  });
}
