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
 * messages themselves are in the mailbox. Each digest in a transaction of its own. A staff
 * member's digest of an entity (scope: the entity's id) says how many new cases and citizens'
 * answers arrived there and links to its cases with new activity.
 */
export async function sendAlertDigests(
  services: AlertDigestServices,
  options: { limit?: number } = {},
): Promise<AlertDigestSummary> {
  const { database, notifier, config } = services;
  const summary: AlertDigestSummary = { sent: 0, postponed: 0, dropped: 0 };
  const due = await database.db
    .selectFrom('alert_digests')
    .select(['user_id', 'channel', 'scope'])
    .where('due_at', '<=', now())
    .orderBy('due_at')
    .limit(options.limit ?? 500)
    .execute();
  for (const { user_id: userId, channel, scope } of due) {
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
          .where('channel', '=', channel)
          .where('scope', '=', scope);
      if (!to || !recipient) {
        await pending().execute();
        return 'dropped' as const;
      }
      const subject = { userId, channel, recipient, scope };
      await lockAlertSubject(trx, subject);
      // Under the lock: another worker may have sent it meanwhile.
      const digest = await trx
        .selectFrom('alert_digests')
        .select(['held', 'due_at'])
        .where('user_id', '=', userId)
        .where('channel', '=', channel)
        .where('scope', '=', scope)
        .executeTakeFirst();
      if (!digest || new Date(digest.due_at) > now()) return null;
      const waitMs = await alertWaitMs(trx, config, subject);
      if (waitMs > 0) {
        await trx
          .updateTable('alert_digests')
          .set({ due_at: new Date(now().getTime() + waitMs) })
          .where('user_id', '=', userId)
          .where('channel', '=', channel)
          .where('scope', '=', scope)
          .execute();
        return 'postponed' as const;
      }
      if (scope === '') {
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
      } else {
        // A staff member's alerts of one entity (issue #33): e-mail only, to its new activity.
        const entity = await trx
          .selectFrom('entities')
          .select('display_name')
          .where('id', '=', scope)
          .executeTakeFirst();
        if (!entity || channel !== 'email') {
          await pending().execute();
          return 'dropped' as const;
        }
        await notifier.enqueue(
          {
            channel,
            to,
            key: 'staff_digest_email',
            locale: ALERT_LOCALE,
            params: {
              count: digest.held,
              entity: entity.display_name,
              url: `${config.publicUrl}/dashboard/entities/show/${scope}/inbox/list/all?activity=new`,
            },
          },
          trx,
        );
      }
      await recordAlertEvent(trx, subject);
      await pending().execute();
      return 'sent' as const;
    });
    if (outcome) summary[outcome] += 1;
  }
  return summary;
}
