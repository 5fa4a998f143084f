import type { z } from 'zod';
import type { Database } from '../db/database';

export type JobContext = { database: Database };

/** A job: its queue name, the schema of its payload, and what runs it. */
export type JobDefinition<S extends z.ZodType = z.ZodType> = {
  name: string;
  payload: S;
  /** A cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  retryLimit?: number;
  handle(payload: z.output<S>, context: JobContext): Promise<void>;
};

export const defineJob = <S extends z.ZodType>(definition: JobDefinition<S>) => definition;
