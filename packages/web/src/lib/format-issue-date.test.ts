import { describe, expect, it } from 'vitest';
import { formatIssueDate } from './format-issue-date';

describe('formatIssueDate', () => {
  it('shows Athens time as DD/MM/YYYY HH:mm:ss', () => {
    // 21:05:09 UTC is midnight and a bit in Athens in summer (UTC+3).
    expect(formatIssueDate('2025-07-14T21:05:09Z')).toBe('15/07/2025 00:05:09');
    expect(formatIssueDate('2025-01-02T08:00:00Z')).toBe('02/01/2025 10:00:00');
  });

  it('can leave the time out', () => {
    expect(formatIssueDate('2025-01-02T08:00:00Z', { withTime: false })).toBe('02/01/2025');
  });
});
