import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalizedText, PageMeta, TemplateSummary, TemplateType } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/** A row of the template search: the summary plus its description. */
export type TemplateListItem = TemplateSummary & { description: LocalizedText };

export type TemplateSearch = {
  q?: string;
  type?: TemplateType;
  limit: number;
  offset: number;
};

export type TemplateSearchResult = {
  data: TemplateListItem[];
  /** type_counts: matching enabled templates of each type (the type screen's counts). */
  meta: PageMeta & { type_counts: Record<TemplateType, number> };
};

/** GET /api/templates?q=&type=&limit=&offset= (the template search, spec section 2). */
export function getTemplates(
  search: TemplateSearch,
  { signal }: { signal?: AbortSignal } = {},
): Promise<TemplateSearchResult> {
  const params = new URLSearchParams();
  if (search.q) params.set('q', search.q);
  if (search.type) params.set('type', search.type);
  params.set('limit', String(search.limit));
  params.set('offset', String(search.offset));
  return apiFetch<TemplateSearchResult>(
    `/api/templates?${params.toString()}`,
    signal ? { signal } : {},
  );
}

export const getTemplatesQueryOptions = (search: TemplateSearch) =>
  queryOptions({
    queryKey: ['templates', 'list', search],
    queryFn: ({ signal }) => getTemplates(search, { signal }),
  });

export function useTemplates(search: TemplateSearch) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...getTemplatesQueryOptions(search), placeholderData: keepPreviousData });
}
