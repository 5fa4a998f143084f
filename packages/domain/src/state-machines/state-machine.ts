/**
 * One shape for every state machine of the product (documents, cases, citizen messages,
 * permissions): for each event, the states it is allowed in and the state each one leads to
 * (`null`: the object no longer exists). The server changes a state only through `transition`;
 * the web app reads `eventsFrom` to decide what to offer.
 */
export type StateMachine<S extends string, E extends string> = {
  readonly name: string;
  readonly states: readonly S[];
  /** The state an object is created in. */
  readonly initial: S;
  readonly events: { readonly [K in E]: Readonly<Partial<Record<S, S | null>>> };
};

/** The spec's refusal of a move the machine does not allow (section 8). */
export const TRANSITION_REFUSED = 'action_not_allowed_on_state' as const;

export type TransitionResult<S extends string> =
  | { readonly ok: true; readonly state: S | null }
  | { readonly ok: false; readonly code: typeof TRANSITION_REFUSED };

export function defineMachine<const S extends string, const E extends string>(
  machine: StateMachine<S, E>,
): StateMachine<S, E> {
  for (const [event, moves] of Object.entries(machine.events) as [string, object][]) {
    for (const [from, to] of Object.entries(moves)) {
      const known = (state: unknown) => (machine.states as readonly unknown[]).includes(state);
      if (!known(from) || (to !== null && !known(to))) {
        throw new Error(`${machine.name}: ${event} names an unknown state (${from} → ${to})`);
      }
    }
  }
  return machine;
}

function movesOf<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  event: E,
): Partial<Record<S, S | null>> {
  // Guards against events that reach here untyped (request bodies, database rows).
  return Object.hasOwn(machine.events, event) ? machine.events[event] : {};
}

export function isStateOf<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  value: unknown,
): value is S {
  return (machine.states as readonly unknown[]).includes(value);
}

export function canTransition<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  state: S,
  event: E,
): boolean {
  return Object.hasOwn(movesOf(machine, event), state);
}

/** The state after `event`, or the refusal when the machine does not allow it from `state`. */
export function transition<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  state: S,
  event: E,
): TransitionResult<S> {
  const moves = movesOf(machine, event);
  if (!Object.hasOwn(moves, state)) return { ok: false, code: TRANSITION_REFUSED };
  return { ok: true, state: moves[state] ?? null };
}

/** The events allowed from `state`, in the machine's order. */
export function eventsFrom<S extends string, E extends string>(
  machine: StateMachine<S, E>,
  state: S,
): E[] {
  return (Object.keys(machine.events) as E[]).filter((event) =>
    canTransition(machine, state, event),
  );
}
