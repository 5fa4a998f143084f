import {
  ACTION_POLL,
  CHECK_AFTER_POLL_MS,
  GENERIC_RETRY,
  type StepLookupAnswer,
} from '@dilosi/domain';
import { CLIENT_ERROR_CODES, isApiRequestError } from '../../../api/api-client';

export type LookupOutcome =
  /** `fetched`: the run was pending here, so the draft's values changed on the server. */
  | { kind: 'done'; answer: StepLookupAnswer; fetched: boolean }
  | { kind: 'failed'; error: unknown }
  | { kind: 'limit' };

export type LookupCalls = {
  start(): Promise<StepLookupAnswer>;
  poll(pollId: string): Promise<StepLookupAnswer>;
  /** Waits; rejects when the wizard leaves the step. */
  sleep(ms: number): Promise<void>;
};

const isRetryable = (error: unknown) =>
  isApiRequestError(error) &&
  (error.status === 429 || (error.status === 400 && error.data?.retry === true));

/**
 * The spec's polling (sections 8 and 9): the poll endpoint is asked 10 ms after the start, then
 * every second, at most 30 times; a 400 with `data.retry` (the registry busy: `*_try_later`) or a
 * 429 starts again after 2 s, at most 10 times. Past either limit: `retry_limit_exceeded`.
 */
export async function pollStepLookups(calls: LookupCalls): Promise<LookupOutcome> {
  let retries = 0;
  for (;;) {
    try {
      let answer = await calls.start();
      const fetched = answer.status === 'pending';
      for (let polls = 0; answer.status === 'pending'; polls += 1) {
        if (polls >= ACTION_POLL.limit) return { kind: 'limit' };
        await calls.sleep(polls === 0 ? CHECK_AFTER_POLL_MS : ACTION_POLL.delayMs);
        answer = await calls.poll(answer.poll_id);
      }
      return { kind: 'done', answer, fetched };
    } catch (error) {
      if (!isRetryable(error)) {
        return {
          kind: 'failed',
          error: isApiRequestError(error) ? error : CLIENT_ERROR_CODES.unknown,
        };
      }
      if (retries >= GENERIC_RETRY.limit) return { kind: 'limit' };
      retries += 1;
      await calls.sleep(GENERIC_RETRY.delayMs);
    }
  }
}
