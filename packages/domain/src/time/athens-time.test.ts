import { describe, expect, it } from 'vitest';
import { athensYear, DAY_MS, formatAthensDate, formatAthensDateTime } from './athens-time';

describe('Athens time', () => {
  it('formats in Greek time across summer and winter offsets', () => {
    expect(formatAthensDateTime(new Date('2025-07-14T21:05:09Z'))).toBe('15/07/2025 00:05:09');
    expect(formatAthensDateTime(new Date('2025-01-02T08:00:00Z'))).toBe('02/01/2025 10:00:00');
    expect(formatAthensDate(new Date('2025-01-02T23:30:00Z'))).toBe('03/01/2025');
  });

  it('uses 00 for midnight, not 24', () => {
    expect(formatAthensDateTime(new Date('2025-01-01T22:00:00Z'))).toBe('02/01/2025 00:00:00');
  });

  it('gives the Greek year at new year, before UTC turns', () => {
    expect(athensYear(new Date('2025-12-31T22:30:00Z'))).toBe(2026);
    expect(athensYear(new Date('2025-12-31T21:30:00Z'))).toBe(2025);
  });

  it('has one day in milliseconds', () => {
    expect(DAY_MS).toBe(24 * 60 * 60 * 1000);
  });
});
