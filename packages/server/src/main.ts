import { spawn } from 'node:child_process';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { JOB_QUEUE_LOCK_KEY, withAdvisoryLock } from './db/advisory-lock';
import { openDatabase, pgliteDirInitialised } from './db/database';
import { jobContext, jobRegistry } from './job-registry';
import { startJobQueue } from './jobs/queue';
import { buildMetricsServer } from './plugins/metrics';
import { prepareDatabase } from './seed/prepare-database';
import { findDemoStaff } from './seed/seed-demo-data';

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  const databaseOptions = config.DATABASE_URL
    ? ({
        kind: 'postgres',
        connectionString: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
      } as const)
    : ({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') } as const);
  if (process.argv.includes(PREPARE_ONLY)) {
    // The child a first start runs (below): migrations, the seed and the job queue's own schema
    // (pg-boss creates it on its first start), then exit.
    const database = await openDatabase(databaseOptions);
    const applied = await prepareDatabase(database, config);
    const queue = await startJobQueue(database, {
      work: false,
      logger: console,
      jobs: jobRegistry,
    });
    await queue.stop();
    await database.close();
    process.send?.({ applied });
    return;
  }
  let preparedInChild: { pid: number; applied: string[] } | null = null;
  if (databaseOptions.kind === 'pglite' && !(await pgliteDirInitialised(databaseOptions.dataDir))) {
    // A new data folder: initdb, every migration, the seed and the job queue's schema grow this
    // process's memory (peak ~900 MB), and much of it (PGlite's WebAssembly memory, V8's old
    // space, malloc's arenas) is never given back. A child process does that work and ends; this
    // process then opens a prepared folder, as on any later start: the first start idles like a
    // restart (docs/performance.md, "Memory").
    preparedInChild = await prepareInChildProcess();
  }
  let database = await openDatabase(databaseOptions);
  const applied = await prepareDatabase(database, config);
  if (databaseOptions.kind === 'pglite' && applied.length > 0) {
    // An upgrade's migrations on an existing folder (a new folder's are the child's, above) grow
    // PGlite's WebAssembly memory, which is never given back while that instance lives. Reopened,
    // the server runs on an instance that only ever held its own work (~40 MB less, measured when
    // first starts did this; docs/performance.md, "Memory").
    await database.close();
    database = await openDatabase(databaseOptions);
  }

  // The log's own destination (asynchronous, as Fastify's default): the start banner below is
  // written to it too, so it comes after the start lines, and what is pending is written at exit.
  const logStream = pino.destination({ dest: 1, sync: false });
  process.on('exit', () => {
    try {
      logStream.flushSync();
    } catch {
      // Nothing more can be written at exit.
    }
  });
  const app = await buildApp({
    config,
    database,
    jobs: null,
    logger: { level: config.LOG_LEVEL, stream: logStream },
  });
  // One process at a time sets the queue up: pg-boss creating its queues from several processes
  // at once on a new database deadlocks.
  const jobs = await withAdvisoryLock(config.DATABASE_URL, JOB_QUEUE_LOCK_KEY, () =>
    startJobQueue(database, {
      work: config.JOBS_ENABLED,
      logger: app.log,
      jobs: jobRegistry,
      context: jobContext(app),
    }),
  );
  app.jobs = jobs;
  if (preparedInChild) {
    app.log.info(preparedInChild, 'new data folder prepared in a child process');
  }
  if (applied.length > 0) app.log.info({ applied }, 'migrations applied');
  if (!config.DEVEL) {
    const demoStaff = await findDemoStaff(database);
    if (demoStaff.length > 0) {
      app.log.error(
        { afm: demoStaff },
        'this database holds the demo staff (seeded under DEVEL=true): remove them before real use',
      );
    }
  }

  // GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT), kept off the public port.
  const metrics =
    config.METRICS_PORT === undefined
      ? null
      : {
          host: config.METRICS_HOST ?? config.HOST,
          port: config.METRICS_PORT,
          server: await buildMetricsServer(app.metrics, config),
        };
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal }, 'shutting down: draining');
    // Past the timeout the process stops anyway, and says so with its exit code.
    setTimeout(() => {
      app.log.error({ signal }, `shutdown took over ${config.SHUTDOWN_TIMEOUT_MS} ms`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    app.readiness.markDraining();
    if (config.SHUTDOWN_DRAIN_DELAY_MS > 0) {
      await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_DELAY_MS));
    }
    try {
      await metrics?.server.close();
      // Stops accepting, finishes in-flight requests, stops the job queue after its running jobs.
      await app.close();
      await jobs.stop();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    app.log.info({ signal, ms: Date.now() - started }, 'shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // Starting (migrations, the seed, the templates, the first reads) leaves V8's young generation
  // at its largest, and an idle process keeps it: one full collection before taking traffic gives
  // ~30 MB back (docs/performance.md, "Memory"). `npm start` runs node with --expose-gc for it;
  // without the flag there is nothing to call.
  globalThis.gc?.();
  await app.listen({ host: config.HOST, port: config.PORT });
  if (metrics) {
    await metrics.server.listen({ host: metrics.host, port: metrics.port });
    app.log.info({ host: metrics.host, port: metrics.port }, 'GET /metrics on its own listener');
  }
  app.readiness.markReady();
  const where = config.DATABASE_URL ? 'PostgreSQL server' : `PGlite in ${config.dataDir}`;
  const banner = [`Dilosi is running at ${config.publicUrl} (database: ${where})`];
  if (config.DEVEL) {
    banner.push(
      `Development: demo users at ${config.publicUrl}/login, staff at ${config.publicUrl}/dashboard-login;`,
      `SMS codes and e-mails are printed here and listed at ${config.publicUrl}/dev/outbox`,
    );
  }
  logStream.write(`\n${banner.join('\n')}\n\n`);
}

const PREPARE_ONLY = '--prepare-database-only';

/**
 * Runs this entry again (same Node flags, same environment) with PREPARE_ONLY and waits for it;
 * answers its pid and the migrations it applied.
 */
async function prepareInChildProcess(): Promise<{ pid: number; applied: string[] }> {
  const entry = process.argv[1];
  if (!entry) throw new Error('cannot tell which module started this process');
  const child = spawn(process.execPath, [...process.execArgv, entry, PREPARE_ONLY], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let applied: string[] = [];
  child.on('message', (message: { applied?: string[] }) => {
    applied = message.applied ?? [];
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`preparing the new data folder failed (exit code ${code})`);
  return { pid: child.pid ?? 0, applied };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
