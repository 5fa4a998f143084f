import type { Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { migrate } from '../db/migrate';
import type { DB } from '../db/schema';
import { startJobQueue } from '../jobs/queue';
import { AfterCommit, createAppEvents, type AppEventHandlers } from './after-commit';
import { appEventJob } from './app-event-job';

// Events after commit on the engine the suite runs on: rows of the change's transaction, handled
// once it commits, and by the app-event job when the raiser died first.
describe('events after commit', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    await migrate(database);
  });
  afterAll(() => database.drop());

  const logger = { error: () => undefined, info: () => undefined };
  let handled: string[];
  let failing: boolean;
  beforeEach(async () => {
    handled = [];
    failing = false;
    await database.db.deleteFrom('app_events').execute();
  });

  /** Records each first_login (and writes a secret in its transaction); fails when told to. */
  const handlers: AppEventHandlers = {
    first_login: async ({ afm }, trx) => {
      await trx
        .insertInto('server_secrets')
        .values({ name: `handled-${afm}`, value: JSON.stringify(afm), created_at: new Date() })
        .execute();
      if (failing) throw new Error(`handler of ${afm} failed`);
      handled.push(afm);
    },
    citizen_answered: async () => undefined,
  };
  const pendingEvents = () =>
    database.db.selectFrom('app_events').select(['name', 'attempts', 'last_error']).execute();
  const secret = (name: string) =>
    database.db.selectFrom('server_secrets').select('value').where('name', '=', name).execute();

  it('handles what a transaction raised once it has committed, and removes it', async () => {
    const errors: unknown[] = [];
    const events = createAppEvents({
      db: database.db,
      handlers,
      jobs: null,
      logger: { error: (obj) => errors.push(obj) },
    });
    const answer = await events.transaction(database.db, async (_trx, raise) => {
      await raise('first_login', { userId: 'u1', afm: '100000001' });
      await raise('first_login', { userId: 'u2', afm: '100000002' });
      expect(handled).toEqual([]);
      return 'committed';
    });
    expect(answer).toBe('committed');
    expect(handled).toEqual(['100000001', '100000002']);
    expect(await pendingEvents()).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('raises nothing when the transaction rolls back', async () => {
    const events = createAppEvents({ db: database.db, handlers, jobs: null, logger });
    await expect(
      events.transaction(database.db, async (_trx, raise) => {
        await raise('first_login', { userId: 'u3', afm: '100000003' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(handled).toEqual([]);
    expect(await pendingEvents()).toEqual([]);
  });

  it('keeps an event whose handler failed, rolls back what the handler wrote, and answers', async () => {
    const errors: unknown[] = [];
    const events = createAppEvents({
      db: database.db,
      handlers,
      jobs: null,
      logger: { error: (obj) => errors.push(obj) },
    });
    failing = true;
    let eventId = '';
    const answer = await events.transaction(database.db, async (trx, raise) => {
      await raise('first_login', { userId: 'u4', afm: '100000004' });
      eventId = (await trx.selectFrom('app_events').select('id').executeTakeFirstOrThrow()).id;
      return 'the change stands';
    });
    expect(answer).toBe('the change stands');
    expect(errors).toHaveLength(1);
    expect(await pendingEvents()).toEqual([
      { name: 'first_login', attempts: 1, last_error: 'handler of 100000004 failed' },
    ]);
    expect(await secret('handled-100000004')).toEqual([]);

    failing = false;
    await expect(events.handle(eventId)).resolves.toBe('handled');
    expect(handled).toEqual(['100000004']);
    expect(await secret('handled-100000004')).toEqual([{ value: '100000004' }]);
    await expect(events.handle(eventId)).resolves.toBe('gone');
    expect(handled).toEqual(['100000004']);
  });

  it('refuses an event no handler knows, and keeps it', async () => {
    const events = createAppEvents({ db: database.db, handlers, jobs: null, logger });
    const { id } = await database.db
      .insertInto('app_events')
      .values({ name: 'toString', payload: JSON.stringify({}), created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await expect(events.handle(id)).rejects.toThrow('No handler of the event toString');
    expect(await pendingEvents()).toEqual([
      { name: 'toString', attempts: 1, last_error: 'No handler of the event toString' },
    ]);
  });

  it('skips an event another handler holds, so it is never handled twice at once', async () => {
    const events = createAppEvents({ db: database.db, handlers, jobs: null, logger });
    const { id } = await database.db
      .insertInto('app_events')
      .values({
        name: 'first_login',
        payload: JSON.stringify({ userId: 'u5', afm: '100000005' }),
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (database.kind === 'pglite') {
      // One connection: a second transaction cannot run beside the first; nothing to race.
      await expect(events.handle(id)).resolves.toBe('handled');
    } else {
      await database.db.transaction().execute(async (trx: Kysely<DB>) => {
        await trx.selectFrom('app_events').select('id').where('id', '=', id).forUpdate().execute();
        await expect(events.handle(id)).resolves.toBe('busy');
      });
      await expect(events.handle(id)).resolves.toBe('handled');
    }
    expect(handled).toEqual(['100000005']);
  });

  it('a raiser that dies after the commit leaves its event to the worker, which runs it once', async () => {
    const jobs = await startJobQueue(database, {
      work: true,
      logger,
      jobs: [appEventJob],
      context: {
        events: createAppEvents({ db: database.db, handlers, jobs: null, logger }),
      },
    });
    try {
      // Raise and commit, then "crash": nothing handles the event in this process.
      await database.db.transaction().execute(async (trx) => {
        await new AfterCommit(trx, jobs, 0).raise('first_login', {
          userId: 'u6',
          afm: '100000006',
        });
      });
      expect(handled).toEqual([]);
      expect(await pendingEvents()).toHaveLength(1);

      await expect.poll(() => handled, { timeout: 15_000, interval: 100 }).toEqual(['100000006']);
      await expect.poll(pendingEvents, { timeout: 5_000, interval: 100 }).toEqual([]);
      // The job is done: another look later finds nothing to run again.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(handled).toEqual(['100000006']);
      expect(await secret('handled-100000006')).toEqual([{ value: '100000006' }]);
    } finally {
      await jobs.stop();
    }
  });

  it('sends the event job in the raising transaction: a rollback sends none', async () => {
    const jobs = await startJobQueue(database, { work: false, logger, jobs: [appEventJob] });
    const bossSchema = `${database.schema === 'public' ? '' : `${database.schema}_`}pgboss`;
    const queued = async () =>
      (
        await database.query<{ data: { eventId: string } }>(
          `select data from ${bossSchema}.job where name = 'app-event'`,
        )
      ).rows;
    try {
      const before = (await queued()).length;
      await expect(
        database.db.transaction().execute(async (trx) => {
          await new AfterCommit(trx, jobs).raise('first_login', { userId: 'u7', afm: '100000007' });
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await queued()).toHaveLength(before);

      const events = createAppEvents({ db: database.db, handlers, jobs, logger });
      await events.transaction(database.db, async (_trx, raise) => {
        await raise('first_login', { userId: 'u8', afm: '100000008' });
      });
      expect(handled).toEqual(['100000008']);
      expect(await queued()).toHaveLength(before + 1);
    } finally {
      await jobs.stop();
    }
  });
});
