import type { CaseStatistics } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';
import { dashboardKeys } from '../../../api/dashboard-keys';

export type StatisticsFilters = { date_from?: string; date_to?: string; template?: string };

export const statisticsApiPath = (entityId: string) =>
  `/api/entity/${encodeURIComponent(entityId)}/statistics`;

/** The query string of the filters that are set, in a fixed order (the URL's and the API's). */
export function statisticsSearch(filters: StatisticsFilters): string {
  const search = new URLSearchParams();
  for (const key of ['date_from', 'date_to', 'template'] as const) {
    const value = filters[key];
    if (value) search.set(key, value);
  }
  return search.toString();
}

/** GET /api/entity/{e}/statistics (issue #41): the entity's figures, for its heads. */
export function getStatistics(entityId: string, filters: StatisticsFilters, signal?: AbortSignal) {
  const search = statisticsSearch(filters);
  return apiFetch<{ data: CaseStatistics }>(
    `${statisticsApiPath(entityId)}${search ? `?${search}` : ''}`,
    signal ? { signal } : {},
  );
}

export const statisticsQueryOptions = (entityId: string, filters: StatisticsFilters) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'statistics', entityId, statisticsSearch(filters)] as const,
    queryFn: ({ signal }) => getStatistics(entityId, filters, signal),
    // A new range keeps the old figures on screen until the new ones come.
    placeholderData: keepPreviousData,
  });

export function useStatistics(entityId: string, filters: StatisticsFilters) {
  return useQuery(statisticsQueryOptions(entityId, filters));
}
