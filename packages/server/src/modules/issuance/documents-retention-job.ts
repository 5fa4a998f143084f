import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { defineJob } from '../../jobs/job';
import { purgeExpiredDocuments } from './purge-expired-documents';

/** Hourly: documents past their retention, stale drafts and old OTP messages (docs/issuance.md). */
export const documentsRetentionJob = defineJob({
  name: 'documents-retention',
  cron: '0 * * * *',
  retryLimit: 0,
  async handle(_payload, { database, config }: { database: Database; config: Config }) {
    await purgeExpiredDocuments(database, config);
  },
});
