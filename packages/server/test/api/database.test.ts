import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { demoEntities, demoPersons } from '../../src/seed/demo-data';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { heartbeatJob } from '../../src/jobs/heartbeat-job';
import { startJobQueue } from '../../src/jobs/queue';
import { createNotifier } from '../../src/notify';
import { createTestDatabase, testConfig } from '../helpers';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('database', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('applies migrations once', async () => {
    const first = await migrate(database);
    expect(first).toContain('0001_foundation.sql');
    expect(await migrate(database)).toEqual([]);
  });

  it('stores sealed PDFs compressed with lz4 on PostgreSQL (PGlite, without lz4, keeps its default)', async () => {
    const { rows } = await database.query<{ compression: string }>(
      `select attcompression::text as compression from pg_attribute
        where attrelid = 'document_pdfs'::regclass and attname = 'bytes'`,
    );
    expect(rows).toEqual([{ compression: database.kind === 'postgres' ? 'l' : '' }]);
  });

  it('seeds demo data once and leaves existing rows alone', async () => {
    expect(await seedDemoData(database)).toEqual({
      entities: demoEntities.length,
      persons: demoPersons.length,
    });
    expect(await seedDemoData(database)).toEqual({ entities: 0, persons: 0 });
    const athens = await database.db
      .selectFrom('entities')
      .selectAll()
      .where('codename', '=', 'DIMOS_ATHINAION')
      .executeTakeFirstOrThrow();
    expect(athens.display_name.el).toBe('Δήμος Αθηναίων');
    const maria = await database.db
      .selectFrom('persons')
      .selectAll()
      .where('afm', '=', '100000015')
      .executeTakeFirstOrThrow();
    expect(maria.birth_date).toBe('1980-01-01');
    expect(maria.mobile_certified).toBe(true);
  });

  it('rolls a failed transaction back as a whole', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('entities')
          .values({
            codename: 'ROLLBACK_ME',
            display_name: JSON.stringify({ el: 'x' }),
            email: null,
            parent_id: null,
          })
          .execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const row = await database.db
      .selectFrom('entities')
      .select('id')
      .where('codename', '=', 'ROLLBACK_ME')
      .executeTakeFirst();
    expect(row).toBeUndefined();
  });

  it('keeps concurrent transactions apart', async () => {
    const codenames = Array.from({ length: 8 }, (_, i) => `CONCURRENT_${i}`);
    const results = await Promise.allSettled(
      codenames.map((codename, i) =>
        database.db.transaction().execute(async (trx) => {
          await trx
            .insertInto('entities')
            .values({
              codename,
              display_name: JSON.stringify({ el: codename }),
              email: null,
              parent_id: null,
            })
            .execute();
          if (i % 2 === 1) throw new Error('odd ones roll back');
        }),
      ),
    );
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(4);
    const rows = await database.db
      .selectFrom('entities')
      .select('codename')
      .where('codename', 'like', 'CONCURRENT_%')
      .orderBy('codename')
      .execute();
    expect(rows.map((r) => r.codename)).toEqual([
      'CONCURRENT_0',
      'CONCURRENT_2',
      'CONCURRENT_4',
      'CONCURRENT_6',
    ]);
  });

  it('runs pg-boss on the same database and its workers take jobs', async () => {
    const logger = { error: () => undefined, info: () => undefined };
    const config = testConfig();
    const notifier = createNotifier({ database, jobs: null, config });
    const context = { database, config, notifier };
    const jobs = await startJobQueue(database, {
      work: true,
      logger,
      jobs: [heartbeatJob],
      context,
    });
    try {
      const id = await jobs.send('system-heartbeat', {});
      expect(id).toEqual(expect.any(String));
      const deadline = Date.now() + 15_000;
      let row: { last_run_at: Date } | undefined;
      while (!row && Date.now() < deadline) {
        row = await database.db
          .selectFrom('job_heartbeats')
          .select('last_run_at')
          .where('name', '=', 'system-heartbeat')
          .executeTakeFirst();
        if (!row) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(row?.last_run_at).toBeInstanceOf(Date);
      // @ts-expect-error: sending is type-checked by the job's name.
      expect(() => jobs.send('no-such-job', {})).toThrow('Unknown job');
    } finally {
      await jobs.stop();
      await notifier.close();
    }
  });
});

describe('embedded PGlite on disk', () => {
  it('keeps data across restarts', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-pglite-'));
    try {
      const first = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      await migrate(first);
      await seedDemoData(first);
      await first.close();

      const second = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
      const count = await second.db
        .selectFrom('entities')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(demoEntities.length);
      expect(await migrate(second)).toEqual([]);
      await second.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
