import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * Events after commit (docs/architecture.md "Events after commit"): a use case raises an event
 * for a side effect that belongs to another module, and the app's handler runs it once the
 * change has committed. The raising module does not import the handling one, so side effects do
 * not close import cycles. In process: what must survive a crash is sent as a job instead.
 */
export type AppEvents = {
  /** A person logged in for the first time: what waited for her tax number is delivered. */
  first_login: { userId: string; afm: string };
};

export type AppEventName = keyof AppEvents;

/** One typed handler per event, wired once by the app (app.ts). */
export type AppEventHandlers = { [K in AppEventName]: (payload: AppEvents[K]) => Promise<void> };

type Raised = { [K in AppEventName]: { name: K; payload: AppEvents[K] } }[AppEventName];

/** The events raised during one change, handled in order after it commits. */
export class AfterCommit {
  private readonly raised: Raised[] = [];

  raise<K extends AppEventName>(name: K, payload: AppEvents[K]): void {
    this.raised.push({ name, payload } as Raised);
  }

  /** Call once the change has committed; an event is handled once. */
  async handle(handlers: AppEventHandlers): Promise<void> {
    for (const event of this.raised.splice(0)) {
      await (handlers[event.name] as (payload: Raised['payload']) => Promise<void>)(event.payload);
    }
  }
}

/** Runs `work` in a transaction, then handles the events it raised (none if it throws). */
export async function withEventsAfterCommit<T>(
  db: Kysely<DB>,
  handlers: AppEventHandlers,
  work: (trx: Kysely<DB>, events: AfterCommit) => Promise<T>,
): Promise<T> {
  const events = new AfterCommit();
  const result = await db.transaction().execute((trx) => work(trx, events));
  await events.handle(handlers);
  return result;
}
