import type { VaultCasePage } from '@dilosi/domain';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../api/api-client';

/** GET /api/vault/cases: the citizen's documents sent to entities, as cases. */
export function listVaultCases(query: { limit: number; offset: number }, signal?: AbortSignal) {
  return apiFetch<VaultCasePage>(
    `/api/vault/cases?limit=${query.limit}&offset=${query.offset}`,
    signal ? { signal } : {},
  );
}

export const vaultCasesQueryOptions = (query: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: ['vault', 'cases', query.limit, query.offset],
    queryFn: ({ signal }) => listVaultCases(query, signal),
    placeholderData: keepPreviousData,
  });

export function useVaultCases(query: { limit: number; offset: number }) {
  return useQuery(vaultCasesQueryOptions(query));
}
