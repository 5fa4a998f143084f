import { isApiRequestError } from '../../api/api-client';
import { initialTsid, pollDelays, POLL_STOP_AFTER_MS } from './poll-schedule';

export type PollAnswer = { count: number; next: string | null };

/**
 * Polls for messages newer than the page's opening (spec section 4): at the schedule of
 * `pollDelays`, from the cursor the server answers; a 429 pauses (the same delay again, the
 * schedule not advanced), any other error stops; nothing after 20,000 ms from the start.
 * Answers the function that stops it.
 */
export function startMessagePoll(options: {
  fetchNew: (after: string) => Promise<PollAnswer>;
  onNew: (count: number) => void;
  now?: () => number;
}): () => void {
  const now = options.now ?? Date.now;
  const started = now();
  const delays = pollDelays();
  let cursor = initialTsid(started);
  let step = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = (delay: number) => {
    if (stopped || now() - started + delay > POLL_STOP_AFTER_MS) return;
    timer = setTimeout(() => void poll(delay), delay);
  };
  const poll = async (delay: number) => {
    try {
      const answer = await options.fetchNew(cursor);
      if (stopped) return;
      if (answer.next) cursor = answer.next;
      if (answer.count > 0) options.onNew(answer.count);
      step += 1;
      const next = delays[step];
      if (next !== undefined) schedule(next);
    } catch (error) {
      if (!stopped && isApiRequestError(error) && error.status === 429) schedule(delay);
    }
  };

  const first = delays[0];
  if (first !== undefined) schedule(first);
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
