import type { StepLookupAnswer } from '@dilosi/domain';
import { apiFetch } from '../../../api/api-client';

/**
 * POST /api/{endpoint} (the step's poll endpoint, `my-declarations/{id}/lookups`): starts the
 * step's registry look-ups, or answers the run already there.
 */
export async function startStepLookups(
  endpoint: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StepLookupAnswer> {
  const body = await apiFetch<{ data: StepLookupAnswer }>(`/api/${endpoint}`, {
    method: 'POST',
    json: {},
    ...(signal ? { signal } : {}),
  });
  return body.data;
}

/** GET /api/{endpoint}/{poll_id}: pending until notpending (spec section 7). */
export async function getStepLookups(
  endpoint: string,
  pollId: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<StepLookupAnswer> {
  const body = await apiFetch<{ data: StepLookupAnswer }>(
    `/api/${endpoint}/${encodeURIComponent(pollId)}`,
    signal ? { signal } : {},
  );
  return body.data;
}
