import {
  caseMachine,
  correctionMachine,
  opinionMachine,
  isOpenCaseStatus,
  messageMachine,
  permissionMachine,
  transition,
  type CaseEvent,
  type CaseStatus,
  type CorrectionEvent,
  type CorrectionState,
  type MessageEvent,
  type MessageStatus,
  type OpinionEvent,
  type OpinionState,
  type PermissionEvent,
  type PermissionState,
  type StateMachine,
} from '@dilosi/domain';
import type { Kysely, Updateable } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { AppError } from './app-error';

/**
 * The one way a case, a permission (or a permission request) and a citizen message change state
 * (CONVENTIONS "One way to change state"; docs/architecture.md "State changes"): `changeState`
 * locks the row, asks the domain machine, writes the new state and the history row, in the
 * caller's transaction. This file is the only writer of `inbox_entries.status`,
 * `permissions.state` and `citizen_messages.status` after a row is created at `machine.initial`.
 */
export type StatefulAggregate<
  T extends keyof DB,
  C extends string,
  S extends string,
  E extends string,
> = {
  readonly machine: StateMachine<S, E>;
  /** The state column, read from the locked row. */
  readonly column: C;
  /** Writes the new state with the change's other columns. */
  readonly write: (
    trx: Kysely<DB>,
    id: string,
    to: S,
    columns: Updateable<DB[T]>,
    change: StateChange<S>,
  ) => Promise<void>;
};

export type StateChange<S extends string> = { from: S; to: S; at: Date };

export async function changeState<
  T extends keyof DB,
  C extends string,
  S extends string,
  E extends string,
  Row extends { id: string } & { [K in C]: S },
>(
  trx: Kysely<DB>,
  aggregate: StatefulAggregate<T, C, S, E>,
  change: {
    /** Finds and locks the row (`select … for update`), answering the caller's own 404. */
    lock: () => Promise<Row>;
    /** The caller's own refusals, after the lock and before the machine is asked. */
    check?: (row: Row) => Promise<void> | void;
    /** The machine's event; `null` asks nothing and leaves the state as it is. */
    event: E | null | ((row: Row) => E | null);
    /** A refused event: `throw` (409 action_not_allowed_on_state, the default) or `stay`. */
    onRefused?: 'throw' | 'stay';
    at?: Date;
    /** Other columns of the same update; `undefined` writes nothing when the state stays. */
    columns?: (row: Row, change: StateChange<S>) => Updateable<DB[T]> | undefined;
    /** The history row(s), in the same transaction. */
    record?: (row: Row, change: StateChange<S>) => Promise<void>;
  },
): Promise<StateChange<S> & { row: Row }> {
  const row = await change.lock();
  await change.check?.(row);
  const from: S = row[aggregate.column];
  const event = typeof change.event === 'function' ? change.event(row) : change.event;
  let to = from;
  if (event !== null) {
    const moved = transition(aggregate.machine, from, event);
    if (moved.ok && moved.state !== null) to = moved.state;
    else if (change.onRefused !== 'stay') throw new AppError(409, 'action_not_allowed_on_state');
  }
  const at = change.at ?? now();
  const done = { from, to, at };
  const columns = change.columns?.(row, done);
  if (to !== from || columns !== undefined)
    await aggregate.write(trx, row.id, to, columns ?? {}, done);
  await change.record?.(row, done);
  return { ...done, row };
}

/** A case without a motivated decision (issue #41): its columns cleared. */
export const NO_DECISION = {
  decision: null,
  decision_reason: null,
  decided_at: null,
  decided_by: null,
  decision_document_id: null,
} as const;

export const caseStatus = {
  machine: caseMachine,
  column: 'status',
  // A case that reaches a closed status records when (the statistics' finished per week and time
  // to finish); one that opens again forgets it.
  write: async (trx, id, to, columns, change) => {
    const closes = !isOpenCaseStatus(to) && to !== change.from;
    const opens = isOpenCaseStatus(to) && !isOpenCaseStatus(change.from);
    // Opening again also forgets its motivated decision (issue #41).
    const closedAt = closes
      ? { closed_at: change.at }
      : opens
        ? { closed_at: null, ...NO_DECISION }
        : {};
    await trx
      .updateTable('inbox_entries')
      .set({ ...columns, ...closedAt, status: to })
      .where('id', '=', id)
      .execute();
  },
} satisfies StatefulAggregate<'inbox_entries', 'status', CaseStatus, CaseEvent>;

/** A correction asked of the citizen (issue #41). */
export const correctionState = {
  machine: correctionMachine,
  column: 'state',
  write: async (trx, id, to, columns) => {
    await trx
      .updateTable('case_corrections')
      .set({ ...columns, state: to })
      .where('id', '=', id)
      .execute();
  },
} satisfies StatefulAggregate<'case_corrections', 'state', CorrectionState, CorrectionEvent>;

/** An opinion asked on a case (issue #41). */
export const opinionState = {
  machine: opinionMachine,
  column: 'state',
  write: async (trx, id, to, columns) => {
    await trx
      .updateTable('case_opinions')
      .set({ ...columns, state: to })
      .where('id', '=', id)
      .execute();
  },
} satisfies StatefulAggregate<'case_opinions', 'state', OpinionState, OpinionEvent>;

export const permissionState = {
  machine: permissionMachine,
  column: 'state',
  write: async (trx, id, to, columns) => {
    await trx
      .updateTable('permissions')
      .set({ ...columns, state: to })
      .where('id', '=', id)
      .execute();
  },
} satisfies StatefulAggregate<'permissions', 'state', PermissionState, PermissionEvent>;

export const citizenMessageStatus = {
  machine: messageMachine,
  column: 'status',
  write: async (trx, id, to, columns) => {
    await trx
      .updateTable('citizen_messages')
      .set({ ...columns, status: to })
      .where('id', '=', id)
      .execute();
  },
} satisfies StatefulAggregate<'citizen_messages', 'status', MessageStatus, MessageEvent>;
