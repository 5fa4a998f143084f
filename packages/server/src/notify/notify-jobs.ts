import { defineJob } from '../jobs/job';
import type { Notifier } from './notifier';

/**
 * Sends one outbox row. Sent in the transaction that wrote the row, so it never runs before the
 * row exists. A failed delivery is recorded on the row and retried by notify-retry, not by
 * pg-boss; pg-boss retries only when the handler itself fails (database unreachable).
 */
export const notifySendJob = defineJob({
  name: 'notify-send',
  retryLimit: 3,
  async handle({ outboxId }, { notifier }: { notifier: Notifier }) {
    await notifier.deliver(outboxId);
  },
});

/** Every minute: rows due again after a failure, and rows whose sender died mid-send. */
export const notifyRetryJob = defineJob({
  name: 'notify-retry',
  cron: '* * * * *',
  retryLimit: 0,
  async handle(_payload, { notifier }: { notifier: Notifier }) {
    await notifier.deliverPending();
  },
});

export const notifyJobs = [notifySendJob, notifyRetryJob];
