import { purgeExpiredDocuments } from '../../modules/issuance';
import { defineJob } from '../job';

/** Hourly: documents past their retention, stale drafts and old OTP messages (docs/issuance.md). */
export const documentsRetentionJob = defineJob({
  name: 'documents-retention',
  cron: '0 * * * *',
  retryLimit: 0,
  async handle(_payload, { database, config }) {
    await purgeExpiredDocuments(database, config);
  },
});
