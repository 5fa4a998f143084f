import type { z } from 'zod';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Notifier } from '../notify/notifier';
import type { jobPayloads, JobName } from './job-payloads';

/** The app's services a handler works with: it builds none and reads no configuration itself. */
export type JobContext = { database: Database; config: Config; notifier: Notifier };

/** A job: its name (its payload schema is in job-payloads.ts), and what runs it. */
export type JobDefinition<N extends JobName = JobName> = {
  name: N;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  retryLimit?: number;
  handle(payload: z.output<(typeof jobPayloads)[N]>, context: JobContext): Promise<void>;
};

export const defineJob = <N extends JobName>(definition: JobDefinition<N>) => definition;

/** The context of the app's services, as main.ts gives it to the queue and tests to a handler. */
export const jobContext = (app: JobContext): JobContext => ({
  database: app.database,
  config: app.config,
  notifier: app.notifier,
});
