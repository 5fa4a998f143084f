import type { Kysely } from 'kysely';
import { now } from '../clock';
import type { DB } from '../db/schema';
import { inTransaction } from '../jobs/job-connection';
import type { JobSender } from '../jobs/job-payloads';

/**
 * Events after commit (docs/architecture.md "Events and jobs"): a use case raises an event for a
 * side effect that belongs to another module; the event is a row of the use case's transaction,
 * and the app's handler runs it once the change has committed. The raising module does not
 * import the handling one, so side effects do not close import cycles; and the row, with the
 * `app-event` job sent in the same transaction, outlives a process that dies before handling it.
 */
export type AppEvents = {
  /** A person logged in for the first time: what waited for her tax number is delivered. */
  first_login: { userId: string; afm: string };
  /** A citizen wrote into the thread of a case: the entity and its staff are alerted. */
  citizen_answered: { entryId: string; citizenId: string };
};

export type AppEventName = keyof AppEvents;

/**
 * One typed handler per event, wired once by the app (app.ts). It runs in the transaction that
 * removes the event's row: what it writes commits with that removal, so an event is handled once.
 */
export type AppEventHandlers = {
  [K in AppEventName]: (payload: AppEvents[K], trx: Kysely<DB>) => Promise<void>;
};

/** Raises an event in the transaction it was given to. */
export type RaiseEvent = <K extends AppEventName>(name: K, payload: AppEvents[K]) => Promise<void>;

/** What handling a committed event came to: run now, already handled, or being handled. */
export type EventOutcome = 'handled' | 'gone' | 'busy';

export type AppEventService = {
  /**
   * Runs `work` in a transaction; the events it raises are rows of that transaction, handled
   * in order once it has committed (none if it throws). A handler that fails is logged and
   * left to the `app-event` job: the change has committed, so the caller's answer stands.
   */
  transaction<T>(
    db: Kysely<DB>,
    work: (trx: Kysely<DB>, raise: RaiseEvent) => Promise<T>,
  ): Promise<T>;
  /** Handles one committed event if it is still waiting; throws what its handler throws. */
  handle(eventId: string): Promise<EventOutcome>;
};

export type AppEventDependencies = {
  db: Kysely<DB>;
  handlers: AppEventHandlers;
  /** The queue, or a getter when it starts after the app (main.ts); null: no job is sent. */
  jobs: JobSender | null | (() => JobSender | null);
  logger: { error(obj: unknown, msg?: string): void };
  /** How long the `app-event` job waits before it looks: the raiser normally handles it first. */
  retryAfterSeconds?: number;
};

/** Seconds before an event's job looks at it: the raiser has handled it by then, unless it died. */
export const EVENT_RETRY_AFTER_SECONDS = 30;

/**
 * The events raised in one transaction: each a row of it, with its `app-event` job sent on the
 * same connection, so both commit with the change or neither does.
 */
export class AfterCommit {
  /** The rows raised, in order: what the raiser handles once the transaction has committed. */
  readonly raised: string[] = [];

  constructor(
    private readonly trx: Kysely<DB>,
    private readonly jobs: JobSender | null,
    private readonly retryAfterSeconds = EVENT_RETRY_AFTER_SECONDS,
  ) {}

  readonly raise: RaiseEvent = async (name, payload) => {
    const row = await this.trx
      .insertInto('app_events')
      .values({ name, payload: JSON.stringify(payload), created_at: now() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.jobs?.send(
      'app-event',
      { eventId: row.id },
      { db: inTransaction(this.trx), startAfter: this.retryAfterSeconds },
    );
    this.raised.push(row.id);
  };
}

export function createAppEvents(deps: AppEventDependencies): AppEventService {
  const { db, handlers, logger } = deps;
  const queue = () => (typeof deps.jobs === 'function' ? deps.jobs() : deps.jobs);

  async function handle(eventId: string): Promise<EventOutcome> {
    try {
      return await db.transaction().execute(async (trx) => {
        // Skip a row another handler holds: it is being handled, and its job retries on failure.
        const event = await trx
          .selectFrom('app_events')
          .select(['name', 'payload'])
          .where('id', '=', eventId)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!event) {
          const held = await trx
            .selectFrom('app_events')
            .select('id')
            .where('id', '=', eventId)
            .executeTakeFirst();
          return held ? 'busy' : 'gone';
        }
        if (!Object.hasOwn(handlers, event.name)) {
          throw new Error(`No handler of the event ${event.name}`);
        }
        const handler = handlers[event.name as AppEventName] as (
          payload: unknown,
          trx: Kysely<DB>,
        ) => Promise<void>;
        await handler(event.payload, trx);
        await trx.deleteFrom('app_events').where('id', '=', eventId).execute();
        return 'handled';
      });
    } catch (error) {
      await db
        .updateTable('app_events')
        .set((eb) => ({
          attempts: eb('attempts', '+', 1),
          last_error: (error instanceof Error ? error.message : String(error)).slice(0, 1000),
        }))
        .where('id', '=', eventId)
        .execute();
      throw error;
    }
  }

  return {
    async transaction(transactionDb, work) {
      let events: AfterCommit | undefined;
      const result = await transactionDb.transaction().execute((trx) => {
        events = new AfterCommit(trx, queue(), deps.retryAfterSeconds);
        return work(trx, events.raise);
      });
      for (const eventId of events?.raised ?? []) {
        try {
          await handle(eventId);
        } catch (error) {
          logger.error({ err: error, eventId }, 'event handler failed; its job retries it');
        }
      }
      return result;
    },
    handle,
  };
}
