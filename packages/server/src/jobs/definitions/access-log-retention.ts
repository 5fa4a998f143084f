import { z } from 'zod';
import { purgeAccessLog } from '../../modules/access-log';
import { defineJob } from '../job';

/** Daily: the access log's age and per-document limits (modules/access-log/purge-access-log.ts). */
export const accessLogRetentionJob = defineJob({
  name: 'access-log-retention',
  payload: z.object({}).passthrough(),
  cron: '17 3 * * *',
  retryLimit: 0,
  async handle(_payload, { database }) {
    await purgeAccessLog(database);
  },
});
