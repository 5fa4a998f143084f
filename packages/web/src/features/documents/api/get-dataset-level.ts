import type { HierarchyDatasetAnswer } from '@dilosi/domain';
import { useQueries } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/**
 * GET /api/datasets/{name}?path=…: the levels of a hierarchical select's dataset under each
 * prefix of `path` (the top, then under each value chosen). A dataset does not change while the
 * app runs: each level is read once and kept.
 */
export function useDatasetLevels(dataset: string, path: readonly string[]) {
  return useQueries({
    queries: Array.from({ length: path.length + 1 }, (_, depth) => {
      const prefix = path.slice(0, depth).join('/');
      return {
        queryKey: ['datasets', dataset, prefix],
        queryFn: ({ signal }: { signal: AbortSignal }) =>
          apiFetch<HierarchyDatasetAnswer>(
            `/api/datasets/${encodeURIComponent(dataset)}?path=${encodeURIComponent(prefix)}`,
            { signal },
          ),
        staleTime: Infinity,
        gcTime: 60 * 60 * 1000,
      };
    }),
  });
}
