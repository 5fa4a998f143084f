import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ConnectionLock, PgliteDialect } from './pglite-dialect';
import { PgliteStatements } from './pglite-protocol';
import { namedStatementClient, StatementNames } from './prepared-statements';
import type { DB } from './schema';

/** A raw SQL runner: `exec` takes text with several statements (migrations, pg-boss DDL). */
export type SqlRunner = {
  /**
   * `options.name` (PostgreSQL): a prepared statement under that name, parsed and planned once
   * per connection and then only bound and run: for hot fixed queries whose columns are listed
   * (the validation look-up). The same name must always carry the same SQL. Without it, a text
   * with parameters that comes back is named by the pool as Kysely's statements are
   * (prepared-statements.ts: a plan made stale by a migration is renamed and run again). PGlite
   * prepares every text and ignores it.
   */
  query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: { name?: string },
  ): Promise<{ rows: R[] }>;
  exec(sql: string): Promise<{ rows: Record<string, unknown>[] }>;
};

export type Database = SqlRunner & {
  kind: 'pglite' | 'postgres';
  /** The schema holding our tables ('public' unless a test isolates itself). */
  schema: string;
  db: Kysely<DB>;
  /** Runs fn on one connection held for its whole length (migration lock, multi-step DDL). */
  withConnection<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /** PGlite only: the whole data folder as a tar, which `fromDump` opens again. */
  dump?(): Promise<Blob>;
};

export type DatabaseOptions =
  | {
      kind: 'pglite';
      dataDir?: string;
      /**
       * An in-memory database that starts as a copy of a dumped one (PGlite's dumpDataDir)
       * instead of a new initdb: ~0.7 s instead of ~3 s. The tests start from a migrated copy.
       */
      fromDump?: Blob;
    }
  | {
      kind: 'postgres';
      connectionString: string;
      schema?: string;
      poolSize?: number;
      /**
       * Named prepared statements (default true): the hot fixed queries and Kysely's statements
       * that come back (prepared-statements.ts). Off behind a pooler that hands each statement to
       * any server connection (PgBouncer in transaction mode before 1.21).
       */
      preparedStatements?: boolean;
    };

// int8 (counts, sums) as JS numbers in both drivers, so results look the same everywhere.
pg.types.setTypeParser(20, (value: string) => Number(value));
// SQL dates stay 'YYYY-MM-DD' strings: a calendar day has no time zone.
pg.types.setTypeParser(1082, (value: string) => value);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.kind === 'pglite'
    ? openPglite(options.dataDir, options.fromDump)
    : openPostgres(options);
}

/**
 * PGlite's server settings for what it is: one process, one connection, a small database. The
 * defaults (PostgreSQL's, for a server with many clients) reserve 160 MB of shared buffers in
 * WebAssembly memory, which grows as they fill and never shrinks. docs/performance.md, "Memory".
 */
export const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  // Sorts and hashes of one query at a time; PostgreSQL's default.
  work_mem: '4MB',
  // Index builds in migrations.
  maintenance_work_mem: '16MB',
  wal_buffers: '1MB',
  max_connections: '4',
} as const;

async function openPglite(dataDir: string | undefined, fromDump?: Blob): Promise<Database> {
  if (dataDir && fromDump)
    throw new Error('A PGlite database opens from a folder or a dump, not both');
  if (dataDir) {
    await fs.mkdir(path.dirname(path.resolve(dataDir)), { recursive: true });
    // A new data folder is initialised (initdb) in a worker thread: the memory initdb takes
    // (~450 MB of WebAssembly memory) would otherwise stay with the process until a major GC,
    // which a quiet server may not run for a long time (RSS after start ~820 → ~490 MB).
    if (!(await pgliteDirInitialised(dataDir))) await initialisePgliteDir(path.resolve(dataDir));
  }
  const pglite = await PGlite.create(dataDir ? path.resolve(dataDir) : undefined, {
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    // The inbox's name search index (migration 0009).
    extensions: { pg_trgm, btree_gin },
    ...(fromDump ? { loadDataDir: fromDump } : {}),
    parsers: {
      [pgliteTypes.INT8]: (value: string) => Number(value),
      [pgliteTypes.DATE]: (value: string) => value,
      // PGlite's own bytea codecs go byte by byte in JS (~14 ms for a 100 KB PDF); Buffer's hex
      // codec is native. Same text format ('\\x…'), same Uint8Array out.
      [pgliteTypes.BYTEA]: (value: string) => Uint8Array.from(Buffer.from(value.slice(2), 'hex')),
    },
    serializers: {
      [pgliteTypes.BYTEA]: (value: unknown) => {
        if (!(value instanceof Uint8Array)) throw new Error('Invalid input for bytea type');
        return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}`;
      },
    },
  });
  const lock = new ConnectionLock();
  const statements = new PgliteStatements(pglite);
  const runner: SqlRunner = {
    query: async <R>(sql: string, params: unknown[] = []) => {
      const result = await statements.query<R>(sql, params);
      return { rows: result.rows };
    },
    exec: async (sql: string) => {
      const results = await pglite.exec(sql);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
  };
  return {
    kind: 'pglite',
    schema: 'public',
    db: new Kysely<DB>({ dialect: new PgliteDialect(statements, lock) }),
    query: (sql, params) => lock.run(() => runner.query(sql, params)),
    exec: (sql) => lock.run(() => runner.exec(sql)),
    withConnection: (fn) => lock.run(() => fn(runner)),
    close: async () => {
      await lock.run(() => pglite.close());
    },
    dump: () => lock.run(() => pglite.dumpDataDir('none')),
  };
}

/** Whether `dataDir` already holds a PGlite database (initdb has run there). */
export async function pgliteDirInitialised(dataDir: string): Promise<boolean> {
  return fs
    .access(path.join(path.resolve(dataDir), 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
}

/** Runs PGlite's initdb for a new data folder in a worker thread, whose memory ends with it. */
async function initialisePgliteDir(dataDir: string): Promise<void> {
  const modulePath = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { PGlite } = require(workerData.modulePath);
     PGlite.create(workerData.dataDir).then((pglite) => pglite.close());`,
    { eval: true, workerData: { modulePath, dataDir } },
  );
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`PGlite initdb worker exited with ${code}`)),
    );
  });
}

async function openPostgres(
  options: Extract<DatabaseOptions, { kind: 'postgres' }>,
): Promise<Database> {
  const prepared = options.preparedStatements ?? true;
  const schema = options.schema ?? 'public';
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name: ${schema}`);
  const pool = new pg.Pool({
    // Kysely's statements that come back run as named prepared statements (prepared-statements.ts).
    ...(prepared
      ? { Client: namedStatementClient(new StatementNames()) as unknown as new () => pg.ClientBase }
      : {}),
    connectionString: options.connectionString,
    max: options.poolSize ?? 10,
    options: schema === 'public' ? undefined : `-c search_path=${schema}`,
  });
  if (schema !== 'public') {
    await pool.query(`create schema if not exists ${schema}`);
  }
  const runnerOf = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    query: async <R>(sql: string, params: unknown[] = [], options: { name?: string } = {}) => {
      const name = prepared ? options.name : undefined;
      // (text, values) is the form the pool's client names by itself (prepared-statements.ts).
      const result =
        name === undefined
          ? await client.query(sql, params)
          : await client.query({ text: sql, values: params, name });
      return { rows: result.rows as R[] };
    },
    exec: async (sql: string) => {
      const result = (await client.query(sql)) as pg.QueryResult | pg.QueryResult[];
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
  });
  const poolRunner = runnerOf(pool);
  return {
    kind: 'postgres',
    schema,
    db: new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }),
    ...poolRunner,
    withConnection: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(runnerOf(client));
      } finally {
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}
