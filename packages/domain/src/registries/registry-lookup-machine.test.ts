import { describe, expect, it } from 'vitest';
import { transition } from '../state-machines/state-machine';
import { registryLookupMachine } from './registry-lookup-machine';

describe('registry look-up machine', () => {
  it('ends a pending run once, done or failed', () => {
    expect(transition(registryLookupMachine, 'pending', 'finish')).toMatchObject({ state: 'done' });
    expect(transition(registryLookupMachine, 'pending', 'fail')).toMatchObject({ state: 'failed' });
    for (const state of ['done', 'failed'] as const) {
      for (const event of ['finish', 'fail'] as const) {
        expect(transition(registryLookupMachine, state, event).ok).toBe(false);
      }
    }
  });
});
