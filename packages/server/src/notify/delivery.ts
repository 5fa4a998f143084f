import { now } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { OutboxRow } from '../db/schema';
import {
  createTransports,
  type OutgoingMessage,
  type Transport,
  type TransportConfig,
} from './transports';

/** First retry after 30 s, then doubling (1, 2, 4 … min), never more than an hour apart. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 3_600_000;
/** How long a row stays claimed by one sender; a sender that died leaves it due again after. */
export const SENDING_LEASE_MS = 5 * 60_000;

export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(attempts - 1, 0), RETRY_MAX_MS);
}

export type DeliveryConfig = TransportConfig & Pick<Config, 'NOTIFY_MAX_ATTEMPTS' | 'DEVEL'>;

export type DeliveryOutcome = {
  id: string;
  status: 'sent' | 'queued' | 'failed';
  attempts: number;
  error: string | null;
};

export type DeliverySummary = { sent: number; retrying: number; failed: number };

type Logger = { warn(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };

export type Delivery = {
  /** Sends one row if it is due (the `notify-send` job); null when there is nothing to do. */
  deliverOne(id: string): Promise<DeliveryOutcome | null>;
  /** Sends every due row, oldest first, up to limit (retries; the queue-less mode). */
  deliverDue(limit?: number): Promise<DeliverySummary>;
  close(): void;
};

export function createDelivery(options: {
  database: Database;
  config: DeliveryConfig;
  transports?: Partial<Record<OutboxRow['channel'], Transport>>;
  logger?: Logger;
}): Delivery {
  const { database, config, logger } = options;
  const transports = {
    ...createTransports(config, { showOutbox: config.DEVEL ? showInLog(logger) : undefined }),
    ...options.transports,
  };

  /** Takes the row for this sender: attempts + 1, and a lease instead of a due time. */
  async function claim(limit: number, id?: string): Promise<OutboxRow[]> {
    const at = now();
    const lease = new Date(at.getTime() + SENDING_LEASE_MS);
    const due = database.db
      .selectFrom('outbox')
      .select('id')
      .where('status', 'in', ['queued', 'sending'])
      .where('next_attempt_at', '<=', at)
      .$if(id !== undefined, (qb) => qb.where('id', '=', id ?? ''))
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    return database.db
      .updateTable('outbox')
      .set((eb) => ({
        // eslint-disable-next-line no-restricted-syntax -- an outbox delivery status, not a machine's state
        status: 'sending',
        attempts: eb('attempts', '+', 1),
        next_attempt_at: lease,
      }))
      .where('id', 'in', due)
      .returningAll()
      .execute();
  }

  async function send(row: OutboxRow): Promise<DeliveryOutcome> {
    const transport = transports[row.channel];
    const result = await transport.send(row);
    const at = now();
    if (result.ok) {
      await database.db
        .updateTable('outbox')
        .set({
          // eslint-disable-next-line no-restricted-syntax -- an outbox delivery status, not a machine's state
          status: 'sent',
          sent_at: at,
          provider: result.provider,
          provider_message_id: result.providerMessageId,
          last_error: null,
        })
        .where('id', '=', row.id)
        .where('status', '=', 'sending')
        .execute();
      return { id: row.id, status: 'sent', attempts: row.attempts, error: null };
    }
    const isLast = row.attempts >= config.NOTIFY_MAX_ATTEMPTS;
    const status = isLast ? 'failed' : 'queued';
    await database.db
      .updateTable('outbox')
      .set({
        status,
        provider: result.provider,
        last_error: result.error,
        next_attempt_at: new Date(at.getTime() + retryDelayMs(row.attempts)),
      })
      .where('id', '=', row.id)
      .where('status', '=', 'sending')
      .execute();
    logger?.warn(
      { outboxId: row.id, channel: row.channel, attempts: row.attempts, err: result.error },
      isLast ? 'notification failed for good' : 'notification failed, will retry',
    );
    return { id: row.id, status, attempts: row.attempts, error: result.error };
  }

  return {
    async deliverOne(id) {
      const [row] = await claim(1, id);
      return row ? send(row) : null;
    },
    async deliverDue(limit = 100) {
      const summary: DeliverySummary = { sent: 0, retrying: 0, failed: 0 };
      for (const row of await claim(limit)) {
        const outcome = await send(row);
        if (outcome.status === 'sent') summary.sent += 1;
        else if (outcome.status === 'failed') summary.failed += 1;
        else summary.retrying += 1;
      }
      return summary;
    },
    close() {
      for (const transport of Object.values(transports)) transport.close();
    },
  };
}

/**
 * Development only (DEVEL: the outbox is no secret there, /dev/outbox shows it too): the server
 * log prints each SMS in full, so a newcomer finds her code, and each e-mail's subject.
 */
function showInLog(logger: Logger | undefined) {
  const info = logger?.info?.bind(logger);
  if (!info) return undefined;
  return (message: OutgoingMessage) =>
    message.channel === 'sms'
      ? info({ to: message.recipient }, `SMS to ${message.recipient}: ${message.body}`)
      : info(
          { to: message.recipient },
          `e-mail to ${message.recipient}: ${message.subject ?? ''} (in full at /dev/outbox)`,
        );
}
