import type { Locale } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import {
  normalizeRecipient,
  type NotificationChannel,
  type NotificationKey,
  type NotificationParams,
  type Notifier,
} from '../../notify';
import {
  alertWaitMs,
  foldIntoDigest,
  hasPendingDigest,
  lockAlertSubject,
  recordAlertEvent,
  type AlertCapConfig,
} from './alert-caps';

export type Reachable = {
  id: string;
  mobile: string | null;
  mobile_certified: boolean;
  email: string | null;
};

export type AlertServices = { notifier: Notifier; config: AlertCapConfig };

/** Alerts go in Greek until a citizen's language is stored with their profile. */
export const ALERT_LOCALE: Locale = 'el';

/** Where an alert of the channel goes for this person, or null: SMS only to a certified mobile. */
export function alertDestination(person: Reachable, channel: NotificationChannel): string | null {
  if (channel === 'sms') return person.mobile && person.mobile_certified ? person.mobile : null;
  return person.email;
}

/**
 * Tells a citizen that something arrived in their mailbox: an SMS to a certified mobile and an
 * e-mail when there is an address, queued in the outbox in the caller's transaction. Past the
 * caps of a channel (ALERT_*_PER_HOUR, ALERT_*_PER_DAY, per citizen and per destination), or
 * while alerts of it are already held, the alert is folded into the citizen's digest instead
 * (docs/notifications.md, "Alert caps"); the mailbox message is the caller's and stays.
 * Staff alerts (issue #33) come here too, e-mail only, their digest scoped to the entity.
 */
export async function alertCitizen(
  services: AlertServices,
  trx: Kysely<DB>,
  person: Reachable,
  message: { sms: NotificationKey; email: NotificationKey; params: NotificationParams },
  options: { scope?: string; locale?: Locale } = {},
): Promise<void> {
  for (const channel of ['sms', 'email'] as const) {
    const to = alertDestination(person, channel);
    if (!to) continue;
    // An address the outbox would refuse reaches enqueue as it is, which throws as before.
    const subject = {
      userId: person.id,
      channel,
      recipient: normalizeRecipient(channel, to) ?? to,
      scope: options.scope ?? '',
    };
    await lockAlertSubject(trx, subject);
    // Held alerts go first, as one digest: a lone alert would overtake them.
    if (await hasPendingDigest(trx, subject)) {
      await foldIntoDigest(trx, subject, 0);
      continue;
    }
    const waitMs = await alertWaitMs(trx, services.config, subject);
    if (waitMs > 0) {
      await foldIntoDigest(trx, subject, waitMs);
      continue;
    }
    await services.notifier.enqueue(
      {
        channel,
        to,
        key: message[channel],
        locale: options.locale ?? ALERT_LOCALE,
        params: message.params,
      },
      trx,
    );
    await recordAlertEvent(trx, subject);
  }
}
