import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { migrate } from '../src/db/migrate';
import { seedDemoData } from '../src/seed/seed-demo-data';

export { EXTERNAL_LOGINS } from './external-logins';

/**
 * A clean database for one test file: an in-memory PGlite by default, or a schema of its own on
 * the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `drop`).
 */
export async function createTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ kind: 'pglite' });
    return Object.assign(database, { drop: () => database.close() });
  }
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const database = await openDatabase({
    kind: 'postgres',
    connectionString: url,
    schema,
    poolSize: 4,
  });
  return Object.assign(database, {
    drop: async () => {
      await database.close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.query(`drop schema if exists ${schema}_pgboss cascade`);
      } finally {
        await client.end();
      }
    },
  });
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/tmp/dilosi-test-unused',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  });
}

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
};

/** The real app on a clean, migrated (and seeded) database. */
export async function createTestApp(
  options: { env?: Record<string, string>; seed?: boolean } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await migrate(database);
  if (options.seed !== false) await seedDemoData(database);
  const app = await buildApp({ config: testConfig(options.env), database, logger: false });
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}
