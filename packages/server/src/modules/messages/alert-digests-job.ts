import { defineJob } from '../../jobs/job';
import { sendAlertDigests, type AlertDigestServices } from './send-alert-digests';

/**
 * Every minute: the alert digests whose window has room again (docs/notifications.md, "Alert
 * caps"), so a digest is at most a minute late.
 */
export const alertDigestsJob = defineJob({
  name: 'alert-digests',
  cron: '* * * * *',
  retryLimit: 0,
  async handle(_payload, { database, notifier, config }: AlertDigestServices) {
    await sendAlertDigests({ database, notifier, config });
  },
});
