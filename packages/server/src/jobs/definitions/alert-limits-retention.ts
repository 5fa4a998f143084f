import { purgeEntityMessageEvents } from '../../modules/cases';
import { purgeAlertEvents } from '../../modules/messages';
import { defineJob } from '../job';

/** Hourly: the counts of alerts sent and of entities' messages, once past their longest window. */
export const alertLimitsRetentionJob = defineJob({
  name: 'alert-limits-retention',
  cron: '23 * * * *',
  retryLimit: 0,
  async handle(_payload, { database }) {
    await purgeAlertEvents(database);
    await purgeEntityMessageEvents(database);
  },
});
