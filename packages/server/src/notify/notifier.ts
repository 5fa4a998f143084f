import type { Locale } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import { now } from '../clock';
import { cachedStatement } from '../db/cached-statement';
import type { Database } from '../db/database';
import type { DB, OutboxRow } from '../db/schema';
import { inTransaction } from '../jobs/job-connection';
import type { JobSender } from '../jobs/job-payloads';
import { createDelivery, type DeliveryConfig, type DeliverySummary } from './delivery';
import {
  NOTIFICATION_MESSAGES,
  renderNotification,
  type NotificationChannel,
  type NotificationKey,
  type NotificationParams,
} from './messages';
import { listOutboxQuerySchema, type ListOutboxQuery, type OutboxPage } from './outbox-schemas';
import { normalizeRecipient } from './recipients';
import type { Transport } from './transports';

/** A message's outbox row, compiled once (db/cached-statement.ts): every SMS code writes one. */
const insertOutbox = cachedStatement(
  (
    db,
    values: {
      channel: NotificationChannel;
      recipient: string;
      messageKey: string;
      locale: Locale;
      params: string;
      subject: string | null;
      body: string;
      documentId: string | null;
      at: Date;
    },
  ) =>
    db
      .insertInto('outbox')
      .values({
        channel: values.channel,
        recipient: values.recipient,
        message_key: values.messageKey,
        locale: values.locale,
        params: values.params,
        subject: values.subject,
        body: values.body,
        next_attempt_at: values.at,
        document_id: values.documentId,
        created_at: values.at,
      })
      .returningAll(),
);

export type NotificationMessage = {
  channel: NotificationChannel;
  /** A Greek mobile (69XXXXXXXX, +30…, 0030…) for SMS, an e-mail address for e-mail. */
  to: string;
  key: NotificationKey;
  locale: Locale;
  params: NotificationParams;
  documentId?: string | null;
};

export type Notifier = {
  /**
   * Renders the message and writes it to the outbox in the caller's transaction (or a
   * transaction of its own), with its `notify-send` job in that same transaction.
   */
  enqueue(message: NotificationMessage, trx?: Kysely<DB>): Promise<OutboxRow>;
  /** Delivers one outbox row (the notify-send job). */
  deliver(outboxId: string): Promise<void>;
  /** Delivers the due rows now (the notify-retry job; tests and tools without a job queue). */
  deliverPending(options?: { limit?: number }): Promise<DeliverySummary>;
  /** Newest first, for the development outbox page. */
  listOutbox(query?: ListOutboxQuery): Promise<OutboxPage>;
  close(): Promise<void>;
};

export type NotifierDependencies = {
  database: Database;
  /** The queue, or a getter when it starts after the app (main.ts); null: no jobs are sent. */
  jobs: JobSender | null | (() => JobSender | null);
  config: DeliveryConfig;
  /** Replaces a channel's transport (tests). */
  transports?: Partial<Record<NotificationChannel, Transport>>;
  logger?: { warn(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
};

export function createNotifier(deps: NotifierDependencies): Notifier {
  const { database } = deps;
  const delivery = createDelivery({
    database,
    config: deps.config,
    transports: deps.transports,
    logger: deps.logger,
  });
  const queue = () => (typeof deps.jobs === 'function' ? deps.jobs() : deps.jobs);

  async function write(message: NotificationMessage, trx: Kysely<DB>): Promise<OutboxRow> {
    const expected = NOTIFICATION_MESSAGES[message.key].channel;
    if (message.channel !== expected) {
      throw new Error(`Notification ${message.key} is sent by ${expected}, not ${message.channel}`);
    }
    const recipient = normalizeRecipient(message.channel, message.to);
    if (!recipient) throw new Error(`Not a valid ${message.channel} recipient: ${message.to}`);
    const rendered = renderNotification(message.key, message.locale, message.params);
    const at = now();
    const row = await insertOutbox.executeTakeFirst(trx, {
      channel: message.channel,
      recipient,
      messageKey: message.key,
      locale: message.locale,
      params: JSON.stringify(message.params),
      subject: rendered.subject,
      body: rendered.body,
      documentId: message.documentId ?? null,
      at,
    });
    if (!row) throw new Error('the outbox row was not inserted');
    await queue()?.send('notify-send', { outboxId: row.id }, { db: inTransaction(trx) });
    return row;
  }

  return {
    enqueue(message, trx) {
      return trx
        ? write(message, trx)
        : database.db.transaction().execute((t) => write(message, t));
    },

    async deliver(outboxId) {
      await delivery.deliverOne(outboxId);
    },

    deliverPending(options = {}) {
      return delivery.deliverDue(options.limit);
    },

    async listOutbox(query = {}) {
      const { limit, offset, channel } = listOutboxQuerySchema.parse(query);
      const filtered = database.db
        .selectFrom('outbox')
        .$if(channel !== undefined, (qb) => qb.where('channel', '=', channel ?? 'sms'));
      const { count } = await filtered
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      const rows = await filtered
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      return {
        data: rows.map((row) => ({
          id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          message_key: row.message_key,
          locale: row.locale,
          subject: row.subject,
          body: row.body,
          status: row.status,
          attempts: row.attempts,
          last_error: row.last_error,
          provider: row.provider,
          document_id: row.document_id,
          created_at: new Date(row.created_at).toISOString(),
          sent_at: row.sent_at ? new Date(row.sent_at).toISOString() : null,
        })),
        meta: {
          count: Number(count),
          limit,
          offset,
          total_pages: Math.ceil(Number(count) / limit),
        },
      };
    },

    async close() {
      delivery.close();
    },
  };
}
