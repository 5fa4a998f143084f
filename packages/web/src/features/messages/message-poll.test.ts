import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../api/api-client';
import { startMessagePoll, type PollAnswer } from './message-poll';
import { initialTsid, pollDelays } from './poll-schedule';

describe('the schedule of polls', () => {
  it('waits 1,000 ms, then each delay 5 % longer, and ends before 20,000 ms', () => {
    const delays = pollDelays();
    expect(delays.slice(0, 4)).toEqual([1000, 1050, 1103, 1158]);
    const total = delays.reduce((sum, d) => sum + d, 0);
    expect(total).toBeLessThanOrEqual(20_000);
    // One more delay would pass the stop time.
    const nextDelay = 1000 * 1.05 ** delays.length;
    expect(total + nextDelay).toBeGreaterThan(20_000);
    expect(delays).toHaveLength(14);
  });

  it('starts from the current milliseconds followed by zeros', () => {
    expect(initialTsid(1_795_600_000_123)).toBe('1795600000123000');
  });
});

describe('polling for new messages', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function poller(answers: (PollAnswer | Error)[]) {
    const asked: { after: string; at: number }[] = [];
    const started = Date.now();
    const fetchNew = vi.fn(async (after: string) => {
      asked.push({ after, at: Date.now() - started });
      const answer = answers.shift() ?? { count: 0, next: null };
      if (answer instanceof Error) throw answer;
      return answer;
    });
    const onNew = vi.fn();
    const stop = startMessagePoll({ fetchNew, onNew });
    return { asked, onNew, stop, started };
  }

  it('polls at the schedule from the first cursor, then from the cursor answered', async () => {
    const { asked, onNew, stop, started } = poller([
      { count: 0, next: null },
      { count: 2, next: '1795600000999001' },
    ]);
    await vi.advanceTimersByTimeAsync(999);
    expect(asked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(asked).toEqual([{ after: initialTsid(started), at: 1000 }]);
    await vi.advanceTimersByTimeAsync(1050);
    expect(asked[1]?.at).toBe(2050);
    expect(onNew).toHaveBeenCalledWith(2);
    await vi.advanceTimersByTimeAsync(1103);
    expect(asked[2]).toEqual({ after: '1795600000999001', at: 3153 });
    stop();
  });

  it('stops after 20,000 ms', async () => {
    const { asked } = poller([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toHaveLength(pollDelays().length);
    expect(asked.at(-1)?.at).toBeLessThanOrEqual(20_000);
  });

  it('pauses on 429 without moving on in the schedule, and stops on another error', async () => {
    const busy = new ApiRequestError(429, 'rate_limited', 'slow down');
    const { asked } = poller([busy, { count: 0, next: null }]);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(1000);
    // The 429 poll is repeated after the same delay, then the schedule goes on.
    expect(asked.map((a) => a.at)).toEqual([1000, 2000]);
    await vi.advanceTimersByTimeAsync(1050);
    expect(asked.map((a) => a.at)).toEqual([1000, 2000, 3050]);

    const broken = poller([new ApiRequestError(500, 'internal_error', 'boom')]);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(broken.asked).toHaveLength(1);
  });

  it('stops when asked', async () => {
    const { asked, stop } = poller([]);
    await vi.advanceTimersByTimeAsync(1000);
    stop();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(asked).toHaveLength(1);
  });
});
