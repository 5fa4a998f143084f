import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import type { JobDefinition } from './job';
import { jobRegistry } from './registry';

export type JobQueue = {
  send(name: string, payload: object, options?: PgBoss.SendOptions): Promise<string | null>;
  stop(): Promise<void>;
  boss: PgBoss;
};

type Logger = { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };

/**
 * pg-boss on our own database. It talks through our connection (PGlite's single one, or the
 * pool), so there is one place that owns connections in both modes.
 */
export async function startJobQueue(
  database: Database,
  options: { work: boolean; logger: Logger; jobs?: JobDefinition[] },
): Promise<JobQueue> {
  const jobs = options.jobs ?? jobRegistry;
  const boss = new PgBoss({
    db: {
      executeSql: async (text: string, values?: unknown[]) =>
        values && values.length > 0 ? database.query(text, values) : database.exec(text),
    },
    schema: `${database.schema === 'public' ? '' : `${database.schema}_`}pgboss`,
    // The embedded default runs one process; the schedule and supervision run in it.
    schedule: options.work,
    supervise: options.work,
  });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();

  const byName = new Map(jobs.map((job) => [job.name, job]));
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 5,
      retryBackoff: true,
    });
    if (options.work) {
      await boss.work(job.name, { pollingIntervalSeconds: 1 }, async (batch) => {
        for (const item of batch) {
          await job.handle(job.payload.parse(item.data ?? {}), { database });
        }
      });
      if (job.cron) await boss.schedule(job.name, job.cron, {});
    }
  }

  return {
    boss,
    send(name, payload, sendOptions) {
      const job = byName.get(name);
      if (!job) throw new Error(`Unknown job ${name}`);
      return boss.send(name, job.payload.parse(payload) as object, sendOptions ?? {});
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
