import type { EntityTemplate, PageMeta } from '@dilosi/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { casesKeys } from './keys';

export type TemplateUse = 'issue' | 'reply';
type Page = { limit: number; offset: number };

/** GET /api/entity/{e}/creatable-templates: what the entity issues (`issue`) or replies with. */
export function listCreatableTemplates(
  entityId: string,
  use: TemplateUse,
  page: Page,
  signal?: AbortSignal,
) {
  return apiFetch<{ data: EntityTemplate[]; meta: PageMeta }>(
    `/api/entity/${encodeURIComponent(entityId)}/creatable-templates?use=${use}&limit=${page.limit}&offset=${page.offset}`,
    signal ? { signal } : {},
  );
}

export const creatableTemplatesQueryOptions = (entityId: string, use: TemplateUse, page: Page) =>
  queryOptions({
    queryKey: casesKeys.creatableTemplates(entityId, use, page.limit, page.offset),
    queryFn: ({ signal }) => listCreatableTemplates(entityId, use, page, signal),
  });

export function useCreatableTemplates(
  entityId: string,
  use: TemplateUse,
  page: Page,
  enabled = true,
) {
  return useQuery({ ...creatableTemplatesQueryOptions(entityId, use, page), enabled });
}
