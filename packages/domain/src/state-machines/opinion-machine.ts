import { defineMachine } from './state-machine';

/**
 * An opinion ("avis") one entity asks of another entity or of a person about a case (issue #41):
 * requested, then given by the expert or cancelled by the asker. Overdue is not a state: it is
 * read from the deadline while the opinion is still requested (docs/decisions.md).
 */
export const OPINION_STATES = ['requested', 'given', 'cancelled'] as const;
export type OpinionState = (typeof OPINION_STATES)[number];

export const opinionMachine = defineMachine({
  name: 'opinion',
  states: OPINION_STATES,
  initial: 'requested',
  events: {
    answer: { requested: 'given' },
    cancel: { requested: 'cancelled' },
  },
});
export type OpinionEvent = keyof typeof opinionMachine.events;
