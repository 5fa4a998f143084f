/**
 * Sliding-window limits (at most `count` events in any `windowMs`), counted from the times of
 * the newest events: alert caps, case message limits, SMS code limits. The callers read the
 * rows (under their own lock) and ask here how long one more event must wait.
 */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 3_600_000;

export type WindowLimit = { count: number; windowMs: number };

/** What to read: events since the longest window, at most the largest count of them. */
export function windowSpan(
  limits: readonly WindowLimit[],
  at: number,
): { since: Date; most: number } {
  return {
    since: new Date(at - Math.max(...limits.map((limit) => limit.windowMs))),
    most: Math.max(...limits.map((limit) => limit.count)),
  };
}

/**
 * Milliseconds until one more event stays within every window (0: now). With n ≥ count events
 * in a window, the count-th newest is the one whose leaving brings the count under the limit.
 */
export function windowWaitMs(
  times: readonly (Date | string)[],
  limits: readonly WindowLimit[],
  at: number,
): number {
  const newestFirst = times.map((time) => new Date(time).getTime()).sort((a, b) => b - a);
  let wait = 0;
  for (const limit of limits) {
    const edge = newestFirst.filter((time) => time > at - limit.windowMs)[limit.count - 1];
    if (edge !== undefined) wait = Math.max(wait, edge + limit.windowMs - at);
  }
  return wait;
}
