import pg from 'pg';

/** The demo seeds: several processes starting at once on a new database seed one at a time. */
export const SEED_LOCK_KEY = 7_310_002;

/**
 * The job queue's set-up (pg-boss creating its queues): processes starting at once on a new
 * database otherwise deadlock on pg-boss's queue table (seen with two API processes and a worker).
 */
export const JOB_QUEUE_LOCK_KEY = 7_310_003;

/**
 * Runs `fn` while holding a PostgreSQL advisory lock, on a connection of its own (so `fn` may use
 * the whole pool, even a pool of one); without a server (PGlite: one process) it just runs `fn`.
 * Ending the connection releases the lock, whatever happens in `fn`.
 */
export async function withAdvisoryLock<T>(
  connectionString: string | undefined,
  key: number,
  fn: () => Promise<T>,
): Promise<T> {
  if (!connectionString) return fn();
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.end();
  }
}
