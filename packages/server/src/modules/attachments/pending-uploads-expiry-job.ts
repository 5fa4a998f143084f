import type { Database } from '../../db/database';
import { defineJob } from '../../jobs/job';
import { purgePendingUploads } from './purge-pending-uploads';

/**
 * Every ten minutes: uploads of POST /api/attachments no create or update took before they
 * expired (UPLOAD_PENDING_TTL_MINUTES), and the counts of uploads older than the limit's hour.
 */
export const pendingUploadsExpiryJob = defineJob({
  name: 'pending-uploads-expiry',
  cron: '*/10 * * * *',
  retryLimit: 0,
  async handle(_payload, { database }: { database: Database }) {
    await purgePendingUploads(database);
  },
});
