import { describe, expect, it } from 'vitest';
import { inboxStateOptions } from './inbox-states';

describe('INBOX_STATES: the set-status list', () => {
  it('offers every status, translated, when no entry names one (the default A,B,C)', () => {
    expect(inboxStateOptions(['A', 'B', 'C'])).toEqual([
      { status: 'incoming', label: null },
      { status: 'pending', label: null },
      { status: 'canceled', label: null },
      { status: 'finished', label: null },
    ]);
    expect(inboxStateOptions([])).toHaveLength(4);
  });

  it('keeps the configured statuses in their order, with their labels; ignores the rest', () => {
    expect(
      inboxStateOptions([
        'finished:Ολοκληρώθηκε',
        'pending',
        'archived:Αρχείο',
        'finished:Again',
        'incoming: ',
      ]),
    ).toEqual([
      { status: 'finished', label: 'Ολοκληρώθηκε' },
      { status: 'pending', label: null },
      { status: 'incoming', label: null },
    ]);
  });
});
