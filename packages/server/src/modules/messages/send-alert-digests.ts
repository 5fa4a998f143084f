import { now } from '../../clock';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { normalizeRecipient, type Notifier } from '../../notify';
import { alertWaitMs, lockAlertSubject, recordAlertEvent, type AlertCapConfig } from './alert-caps';
import { ALERT_LOCALE, alertDestination } from './alert-citizen';

export type AlertDigestServices = {
  database: Database;
  notifier: Notifier;
  config: AlertCapConfig & Pick<Config, 'publicUrl'>;
};

export type AlertDigestSummary = { sent: number; postponed: number; dropped: number };

/**
 * Sends the digests whose window has room again: one SMS or e-mail per citizen and channel
 * counting every alert held back ("you have 7 new messages"), itself counted against the caps.
 * A digest whose window is still full (the day's cap) waits until it is not; one whose citizen
 * can no longer be reached on that channel (no certified mobile, no e-mail) is dropped: the
 * messages themselves are in the mailbox. Each digest in a transaction of its own.
 */
export async function sendAlertDigests(
  services: AlertDigestServices,
  options: { limit?: number } = {},
): Promise<AlertDigestSummary> {
  const { database, notifier, config } = services;
  const summary: AlertDigestSummary = { sent: 0, postponed: 0, dropped: 0 };
  const due = await database.db
    .selectFrom('alert_digests')
    .select(['user_id', 'channel'])
    .where('due_at', '<=', now())
    .orderBy('due_at')
    .limit(options.limit ?? 500)
    .execute();
  for (const { user_id: userId, channel } of due) {
    const outcome = await database.db.transaction().execute(async (trx) => {
      const person = await trx
        .selectFrom('users')
        .select(['id', 'mobile', 'mobile_certified', 'email'])
        .where('id', '=', userId)
        .executeTakeFirst();
      const to = person ? alertDestination(person, channel) : null;
      const recipient = to ? normalizeRecipient(channel, to) : null;
      const pending = () =>
        trx
          .deleteFrom('alert_digests')
          .where('user_id', '=', userId)
          .where('channel', '=', channel);
      if (!to || !recipient) {
        await pending().execute();
        return 'dropped' as const;
      }
      const subject = { userId, channel, recipient };
      await lockAlertSubject(trx, subject);
      // Under the lock: another worker may have sent it meanwhile.
      const digest = await trx
        .selectFrom('alert_digests')
        .select(['held', 'due_at'])
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .executeTakeFirst();
      if (!digest || new Date(digest.due_at) > now()) return null;
      const waitMs = await alertWaitMs(trx, config, subject);
      if (waitMs > 0) {
        await trx
          .updateTable('alert_digests')
          .set({ due_at: new Date(now().getTime() + waitMs) })
          .where('user_id', '=', userId)
          .where('channel', '=', channel)
          .execute();
        return 'postponed' as const;
      }
      await notifier.enqueue(
        {
          channel,
          to,
          key: channel === 'sms' ? 'alert_digest_sms' : 'alert_digest_email',
          locale: ALERT_LOCALE,
          params: { count: digest.held, url: `${config.publicUrl}/my/messages` },
        },
        trx,
      );
      await recordAlertEvent(trx, subject);
      await pending().execute();
      return 'sent' as const;
    });
    if (outcome) summary[outcome] += 1;
  }
  return summary;
}

// A job only gets the database: the services of the app built on it (app.ts attaches them).
const attached = new WeakMap<Database, AlertDigestServices>();

export function attachAlertDigests(services: AlertDigestServices): void {
  attached.set(services.database, services);
}

export function detachAlertDigests(services: AlertDigestServices): void {
  if (attached.get(services.database) === services) attached.delete(services.database);
}

export function alertDigestsFor(database: Database): AlertDigestServices | undefined {
  return attached.get(database);
}
