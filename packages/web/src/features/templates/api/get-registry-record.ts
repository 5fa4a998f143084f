import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RegistryRecord } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';
import { useSessionToken } from '../../../api/auth';

/** GET /api/profile/registry-record: what the registry says about the signed-in person. */
export async function getRegistryRecord({
  signal,
}: { signal?: AbortSignal } = {}): Promise<RegistryRecord> {
  const body = await apiFetch<{ data: RegistryRecord }>(
    '/api/profile/registry-record',
    signal ? { signal } : {},
  );
  return body.data;
}

export const getRegistryRecordQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['profile', 'registry-record', token],
    queryFn: ({ signal }) => getRegistryRecord({ signal }),
    // A refusal (a registry that no longer knows her) is an answer, not a failure to retry.
    retry: false,
  });

export function useRegistryRecord() {
  return useQuery(getRegistryRecordQueryOptions(useSessionToken()));
}
