import type { Database } from '../../db/database';
import { defineJob } from '../../jobs/job';
import { purgeAlertEvents } from '../messages';
import { purgeEntityMessageEvents } from './case-message-limits';

/** Hourly: the counts of alerts sent and of entities' messages, once past their longest window. */
export const alertLimitsRetentionJob = defineJob({
  name: 'alert-limits-retention',
  cron: '23 * * * *',
  retryLimit: 0,
  async handle(_payload, { database }: { database: Database }) {
    await purgeAlertEvents(database);
    await purgeEntityMessageEvents(database);
  },
});
