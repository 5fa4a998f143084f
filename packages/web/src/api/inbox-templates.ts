import type { InboxTemplates } from '@dilosi/domain';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from './api-client';
import { dashboardKeys } from './dashboard-keys';

/**
 * GET /api/entity/{e}/inbox-templates: the templates of the entity's cases (issue #41), for the
 * search panel's pick-list and the template of a head's annotation field.
 */
export function useInboxTemplates(entityId: string) {
  return useQuery({
    queryKey: [...dashboardKeys.all, 'inbox-templates', entityId],
    queryFn: ({ signal }) =>
      apiFetch<InboxTemplates>(`/api/entity/${encodeURIComponent(entityId)}/inbox-templates`, {
        signal,
      }),
    staleTime: 60_000,
  });
}
