import { z } from 'zod';
import { alertDigestsFor, sendAlertDigests } from '../../modules/messages';
import { defineJob } from '../job';

/**
 * Every minute: the alert digests whose window has room again (docs/notifications.md, "Alert
 * caps"), so a digest is at most a minute late.
 */
export const alertDigestsJob = defineJob({
  name: 'alert-digests',
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  async handle(_payload, { database }) {
    const services = alertDigestsFor(database);
    // The notifier and the caps are the app's; a queue without an app cannot send.
    if (!services) throw new Error('alert-digests: no app is attached to this database');
    await sendAlertDigests(services);
  },
});
