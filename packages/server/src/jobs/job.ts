import type { z } from 'zod';
import type { jobPayloads, JobName } from './job-payloads';

/**
 * A job: its name (its payload schema is in job-payloads.ts), and what runs it. `Services` is
 * what its handler needs of the app's services, declared by the job itself: jobs/ imports no
 * module, and the registry at the top (src/job-registry.ts) checks that the app's services give
 * every job what it needs.
 */
export type JobDefinition<N extends JobName = JobName, Services = never> = {
  name: N;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  retryLimit?: number;
  /**
   * How many of this job may run at once in one process (default 1: one after the other). A job
   * that mostly waits on another service (a registry answering in seconds) takes more: one after
   * the other, a 2-second registry serves 0.5 look-ups a second per process.
   */
  concurrency?: number;
  handle(payload: z.output<(typeof jobPayloads)[N]>, services: Services): Promise<void>;
};

export const defineJob = <N extends JobName, Services>(definition: JobDefinition<N, Services>) =>
  definition;
