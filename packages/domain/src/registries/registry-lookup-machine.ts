import { defineMachine } from '../state-machines/state-machine';

/**
 * A step's registry look-up run (issue #36): pending while its job asks the registries, then
 * done (the step's fields filled) or failed (with the registry's error code).
 */
export const REGISTRY_LOOKUP_STATES = ['pending', 'done', 'failed'] as const;
export type RegistryLookupState = (typeof REGISTRY_LOOKUP_STATES)[number];

export const registryLookupMachine = defineMachine({
  name: 'registry-lookup',
  states: REGISTRY_LOOKUP_STATES,
  initial: 'pending',
  events: {
    finish: { pending: 'done' },
    fail: { pending: 'failed' },
  },
});
export type RegistryLookupEvent = keyof typeof registryLookupMachine.events;
