import { z } from 'zod';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { defineJob } from '../jobs/job';
import { createDelivery, type Delivery } from './delivery';

export const NOTIFY_SEND_JOB = 'notify-send';
export const NOTIFY_RETRY_JOB = 'notify-retry';

// A job only gets the database: the delivery of the notifier created on that database (its
// configuration and transports), else one built once from the environment.
const deliveries = new WeakMap<Database, Delivery>();

export function attachDelivery(database: Database, delivery: Delivery): void {
  deliveries.set(database, delivery);
}

export function detachDelivery(database: Database, delivery: Delivery): void {
  if (deliveries.get(database) === delivery) deliveries.delete(database);
}

function deliveryFor(database: Database): Delivery {
  let delivery = deliveries.get(database);
  if (!delivery) {
    delivery = createDelivery({ database, config: loadConfig() });
    deliveries.set(database, delivery);
  }
  return delivery;
}

/**
 * Sends one outbox row. Sent in the transaction that wrote the row, so it never runs before the
 * row exists. A failed delivery is recorded on the row and retried by notify-retry, not by
 * pg-boss; pg-boss retries only when the handler itself fails (database unreachable).
 */
export const notifySendJob = defineJob({
  name: NOTIFY_SEND_JOB,
  payload: z.object({ outboxId: z.uuid() }),
  retryLimit: 3,
  async handle({ outboxId }, { database }) {
    await deliveryFor(database).deliverOne(outboxId);
  },
});

/** Every minute: rows due again after a failure, and rows whose sender died mid-send. */
export const notifyRetryJob = defineJob({
  name: NOTIFY_RETRY_JOB,
  payload: z.object({}).passthrough(),
  cron: '* * * * *',
  retryLimit: 0,
  async handle(_payload, { database }) {
    await deliveryFor(database).deliverDue();
  },
});

export const notifyJobs = [notifySendJob, notifyRetryJob];
