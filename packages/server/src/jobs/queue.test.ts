import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { migrate } from '../db/migrate';
import { defineJob } from './job';
import { startJobQueue } from './queue';

// A job's `concurrency` on the engine the suite runs on: that many of its jobs run at once in one
// worker, and one that throws fails alone while the others complete.
describe('the job queue', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    await migrate(database);
  });
  afterAll(() => database.drop());

  const logger = { error: () => undefined, info: () => undefined };
  const bossSchema = () => `${database.schema === 'public' ? '' : `${database.schema}_`}pgboss`;
  const states = async () =>
    (
      await database.query<{ state: string; lookup_id: string }>(
        `select state, data->>'lookup_id' as lookup_id from ${bossSchema()}.job
          where name = 'registry-lookup' order by data->>'lookup_id'`,
      )
    ).rows;

  it('runs up to `concurrency` jobs at once; a failing one fails alone', async () => {
    const ids = Array.from({ length: 4 }, (_, i) => `00000000-0000-4000-8000-00000000000${i + 1}`);
    const failing = ids[1];
    let running = 0;
    let mostAtOnce = 0;
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: string[] = [];
    const job = defineJob({
      name: 'registry-lookup',
      retryLimit: 0,
      concurrency: 3,
      async handle(payload: { lookup_id: string }, _context: object) {
        started.push(payload.lookup_id);
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        await released;
        running -= 1;
        if (payload.lookup_id === failing) throw new Error('the registry said no');
      },
    });
    const sender = await startJobQueue(database, { work: false, logger, jobs: [job] });
    for (const id of ids) await sender.send('registry-lookup', { lookup_id: id });
    await sender.stop();

    const worker = await startJobQueue(database, { work: true, logger, jobs: [job], context: {} });
    try {
      // Three start together and wait; the fourth waits for a place.
      await expect.poll(() => started.length, { timeout: 15_000, interval: 50 }).toBe(3);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(started).toHaveLength(3);
      expect(mostAtOnce).toBe(3);
      release();
      await expect
        .poll(async () => (await states()).map((row) => row.state), {
          timeout: 15_000,
          interval: 100,
        })
        .toEqual(['completed', 'failed', 'completed', 'completed']);
      expect((await states()).map((row) => row.lookup_id)).toEqual(ids);
      expect(started.toSorted()).toEqual(ids);
    } finally {
      await worker.stop();
    }
  });
});
