import { describe, expect, it } from 'vitest';
import { opinionMachine } from './opinion-machine';
import { eventsFrom, transition } from './state-machine';

describe('opinion machine', () => {
  it('a requested opinion is given or cancelled, then nothing more', () => {
    expect(transition(opinionMachine, 'requested', 'answer')).toEqual({ ok: true, state: 'given' });
    expect(transition(opinionMachine, 'requested', 'cancel')).toEqual({
      ok: true,
      state: 'cancelled',
    });
    expect(eventsFrom(opinionMachine, 'given')).toEqual([]);
    expect(eventsFrom(opinionMachine, 'cancelled')).toEqual([]);
    expect(transition(opinionMachine, 'cancelled', 'answer').ok).toBe(false);
  });
});
