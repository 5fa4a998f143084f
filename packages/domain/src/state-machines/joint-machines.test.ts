import { describe, expect, it } from 'vitest';
import { eventsFrom, transition } from './state-machine';
import { consentMachine, signatoryMachine } from './joint-machines';

describe('the joint declaration machines', () => {
  it('opens a consent issued and ends it once: fully signed, canceled or expired', () => {
    expect(consentMachine.initial).toBe('issued');
    expect(eventsFrom(consentMachine, 'issued')).toEqual([
      'complete',
      'cancel',
      'expire',
      'sign',
      'remind',
    ]);
    expect(transition(consentMachine, 'issued', 'complete')).toEqual({
      ok: true,
      state: 'fully_signed',
    });
    expect(transition(consentMachine, 'issued', 'cancel')).toEqual({ ok: true, state: 'canceled' });
    expect(transition(consentMachine, 'issued', 'expire')).toEqual({ ok: true, state: 'expired' });
    for (const end of ['fully_signed', 'canceled', 'expired'] as const) {
      expect(eventsFrom(consentMachine, end)).toEqual([]);
    }
  });

  it('lets a pending signatory sign or decline, once', () => {
    expect(signatoryMachine.initial).toBe('pending');
    expect(transition(signatoryMachine, 'pending', 'sign')).toEqual({ ok: true, state: 'signed' });
    expect(transition(signatoryMachine, 'pending', 'dismiss')).toEqual({
      ok: true,
      state: 'dismissed',
    });
    expect(eventsFrom(signatoryMachine, 'signed')).toEqual([]);
    expect(eventsFrom(signatoryMachine, 'dismissed')).toEqual([]);
    expect(transition(signatoryMachine, 'signed', 'sign').ok).toBe(false);
  });
});
