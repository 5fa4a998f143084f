import PgBoss from 'pg-boss';
import type { Database } from '../db/database';
import type { JobDefinition } from './job';
import { jobPayloads, type JobName, type JobSender } from './job-payloads';

export type JobQueue = JobSender & {
  stop(): Promise<void>;
  boss: PgBoss;
};

type Logger = { error(obj: unknown, msg?: string): void; info(obj: unknown, msg?: string): void };

/**
 * pg-boss on our own database. It talks through our connection (PGlite's single one, or the
 * pool), so there is one place that owns connections in both modes. `jobs` are the definitions
 * the app registers (src/job-registry.ts); a worker gives their handlers `context`.
 */
export async function startJobQueue<Services>(
  database: Database,
  options: { logger: Logger; jobs: readonly JobDefinition<JobName, Services>[] } & (
    | { work: false }
    // A worker runs handlers: they get the app's services.
    | { work: boolean; context: Services }
  ),
): Promise<JobQueue> {
  const { jobs } = options;
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
    if (options.work && 'context' in options) {
      const { context } = options;
      const payload = jobPayloads[job.name];
      const concurrency = job.concurrency ?? 1;
      const run = async (data: unknown) => job.handle(payload.parse(data ?? {}) as never, context);
      await boss.work(
        job.name,
        { pollingIntervalSeconds: 1, batchSize: concurrency },
        async (batch) => {
          if (concurrency === 1) {
            for (const item of batch) await run(item.data);
            return;
          }
          // Up to `concurrency` at once. A job that throws fails on its own (retried as its
          // queue says); pg-boss then completes only the ones still active, the others.
          const results = await Promise.allSettled(batch.map((item) => run(item.data)));
          await Promise.all(
            results.map((result, i) => {
              const item = batch[i];
              if (result.status === 'fulfilled' || !item) return null;
              options.logger.error({ err: result.reason, job: job.name }, 'job failed');
              return boss.fail(job.name, item.id, { message: String(result.reason) });
            }),
          );
        },
      );
      if (job.cron) await boss.schedule(job.name, job.cron, {});
    }
  }

  return {
    boss,
    send(name, payload, sendOptions) {
      if (!byName.has(name)) throw new Error(`Unknown job ${name}`);
      return boss.send(name, jobPayloads[name].parse(payload), sendOptions ?? {});
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 5000 });
    },
  };
}
