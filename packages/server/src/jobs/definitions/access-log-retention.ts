import { purgeAccessLog } from '../../modules/access-log';
import { defineJob } from '../job';

/** Daily: the access log's age and per-document limits (modules/access-log/purge-access-log.ts). */
export const accessLogRetentionJob = defineJob({
  name: 'access-log-retention',
  cron: '17 3 * * *',
  retryLimit: 0,
  async handle(_payload, { database }) {
    await purgeAccessLog(database);
  },
});
