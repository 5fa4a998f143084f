import { z } from 'zod';
import { loadConfig } from '../../config';
import { purgeExpiredDocuments } from '../../modules/issuance';
import { defineJob } from '../job';

/** Hourly: documents past their retention, stale drafts and old OTP messages (docs/issuance.md). */
export const documentsRetentionJob = defineJob({
  name: 'documents-retention',
  payload: z.object({}).passthrough(),
  cron: '0 * * * *',
  retryLimit: 0,
  async handle(_payload, { database }) {
    // A job only gets the database; the retention setting comes from the environment, once.
    await purgeExpiredDocuments(database, retentionConfig());
  },
});

let cached: { RETENTION_DAYS: number } | null = null;
function retentionConfig() {
  cached ??= { RETENTION_DAYS: loadConfig().RETENTION_DAYS };
  return cached;
}
