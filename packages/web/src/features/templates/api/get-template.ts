import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicTemplate } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { useSessionToken } from '../../../api/auth';

/** A template with the active notices of the entity offering it (issue #39). */
export type TemplateWithNotices = PublicTemplate & { notices: string[] };

/**
 * GET /api/templates/{refname}. The answer depends on who asks (restrictions by tax number,
 * civil servants, claims), so the Authorization header goes along when logged in (apiFetch) and
 * the session is part of the cache key.
 */
export async function getTemplate(
  refname: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TemplateWithNotices> {
  const body = await apiFetch<{ data: { template: PublicTemplate; notices?: string[] } }>(
    `/api/templates/${encodeURIComponent(refname)}`,
    signal ? { signal } : {},
  );
  return { ...body.data.template, notices: body.data.notices ?? [] };
}

export const getTemplateQueryOptions = (refname: string, token: string | null) =>
  queryOptions({
    queryKey: ['templates', 'detail', refname, token],
    queryFn: ({ signal }) => getTemplate(refname, { signal }),
  });

export function useTemplate(refname: string) {
  const token = useSessionToken();
  return useQuery(getTemplateQueryOptions(refname, token));
}
