/**
 * The spec's polling of new messages (section 4): the first poll after 1,000 ms, each delay
 * 0.05 × longer than the one before, no poll after 20,000 ms from the start.
 */
export const POLL_FIRST_DELAY_MS = 1_000;
export const POLL_GROWTH = 0.05;
export const POLL_STOP_AFTER_MS = 20_000;

/** The delays between polls, in order, until the next one would pass the stop time. */
export function pollDelays(): number[] {
  const delays: number[] = [];
  let delay = POLL_FIRST_DELAY_MS;
  let elapsed = 0;
  while (elapsed + delay <= POLL_STOP_AFTER_MS) {
    delays.push(Math.round(delay));
    elapsed += delay;
    delay *= 1 + POLL_GROWTH;
  }
  return delays;
}

/** The first cursor: messages newer than now (the current milliseconds followed by zeros). */
export function initialTsid(now = Date.now()): string {
  return `${Math.floor(now)}000`;
}
