import type { Database } from '../../db/database';
import { defineJob } from '../../jobs/job';
import { purgeAccessLog } from './purge-access-log';

/** Daily: the access log's age and per-document limits (purge-access-log.ts). */
export const accessLogRetentionJob = defineJob({
  name: 'access-log-retention',
  cron: '17 3 * * *',
  retryLimit: 0,
  async handle(_payload, { database }: { database: Database }) {
    await purgeAccessLog(database);
  },
});
