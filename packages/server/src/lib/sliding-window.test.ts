import { describe, expect, it } from 'vitest';
import { windowSpan, windowWaitMs } from './sliding-window';

const limits = [
  { count: 2, windowMs: 60_000 },
  { count: 3, windowMs: 3_600_000 },
];
const at = Date.parse('2026-01-01T12:00:00Z');
const ago = (ms: number) => new Date(at - ms);

describe('sliding windows', () => {
  it('reads since the longest window, at most the largest count', () => {
    expect(windowSpan(limits, at)).toEqual({ since: ago(3_600_000), most: 3 });
  });

  it('lets an event through while every window has room', () => {
    expect(windowWaitMs([], limits, at)).toBe(0);
    expect(windowWaitMs([ago(10_000)], limits, at)).toBe(0);
  });

  it('waits until the count-th newest leaves the fullest window', () => {
    expect(windowWaitMs([ago(10_000), ago(20_000)], limits, at)).toBe(40_000);
    expect(windowWaitMs([ago(120_000), ago(600_000), ago(60_000 * 59)].reverse(), limits, at)).toBe(
      60_000,
    );
  });
});
