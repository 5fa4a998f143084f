import { now } from '../clock';
import type { Database } from '../db/database';
import { defineJob } from './job';

/** Proves end to end that workers take jobs from the queue; /healthz reports its age. */
export const heartbeatJob = defineJob({
  name: 'system-heartbeat',
  cron: '* * * * *',
  async handle(_payload, { database }: { database: Database }) {
    await database.db
      .insertInto('job_heartbeats')
      .values({ name: 'system-heartbeat', last_run_at: now() })
      .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: now() }))
      .execute();
  },
});
