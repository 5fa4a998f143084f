import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { AppConfig } from '@dilosi/domain';
import { apiFetch } from './api-client';

/** The whitelisted configuration the server gives the browser (GET /api/appconfig/). */
export function getAppConfig({ signal }: { signal?: AbortSignal } = {}): Promise<AppConfig> {
  return apiFetch<AppConfig>('/api/appconfig/', signal ? { signal } : {});
}

export const getAppConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['appconfig'],
    queryFn: getAppConfig,
    // Read once per page load: flags and settings change with a deployment, not while browsing.
    staleTime: Infinity,
  });

/** For the shell, which shows the loading skeleton or an error while the config arrives. */
export function useAppConfigQuery() {
  return useQuery(getAppConfigQueryOptions());
}

/** For pages: the shell renders them only once the config is in the cache, so this never waits. */
export function useAppConfig(): AppConfig {
  return useSuspenseQuery(getAppConfigQueryOptions()).data;
}
