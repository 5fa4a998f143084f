import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
export async function createTestDatabase(
  options: { migrated?: boolean } = {},
): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const fromDump = options.migrated ? await migratedPgliteDump() : undefined;
    const database = await openDatabase({ kind: 'pglite', fromDump });
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

/**
 * A migrated PGlite database as a tar, made once per set of migrations and kept in the system's
 * temporary folder: a test app opens a copy of it (~0.7 s) instead of running initdb and every
 * migration again (~4 s), which was a fifth of the whole suite on PGlite.
 */
async function migratedPgliteDump(): Promise<Blob> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const migrationsDir = path.join(here, '../src/db/migrations');
  const hash = crypto.createHash('sha256');
  // PGlite's own build too: a dump is read back by the version that wrote it.
  hash.update(await fs.readFile(createRequire(import.meta.url).resolve('@electric-sql/pglite')));
  for (const name of (await fs.readdir(migrationsDir)).sort()) {
    hash.update(name);
    hash.update(await fs.readFile(path.join(migrationsDir, name)));
  }
  const file = path.join(os.tmpdir(), `dilosi-test-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  try {
    return new Blob([await fs.readFile(file)]);
  } catch {
    const database = await openDatabase({ kind: 'pglite' });
    try {
      await migrate(database);
      const dump = await database.dump!();
      // Written aside and renamed: a second worker making it at the same time never reads half.
      const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
      await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
      await fs.rename(partial, file);
      return dump;
    } finally {
      await database.close();
    }
  }
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
  const database = await createTestDatabase({ migrated: true });
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
