import type { Locale } from '@dilosi/domain';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import type { NotificationKey, NotificationParams, Notifier } from '../../notify';

export type Reachable = { mobile: string | null; mobile_certified: boolean; email: string | null };

/**
 * Tells a citizen that something arrived in their mailbox: an SMS to a certified mobile and an
 * e-mail when there is an address, queued in the outbox in the caller's transaction.
 */
export async function alertCitizen(
  services: { notifier: Notifier },
  trx: Kysely<DB>,
  person: Reachable,
  message: { sms: NotificationKey; email: NotificationKey; params: NotificationParams },
): Promise<void> {
  // Alerts go in Greek until a citizen's language is stored with their profile.
  const locale: Locale = 'el';
  const { params } = message;
  if (person.mobile && person.mobile_certified) {
    await services.notifier.enqueue(
      { channel: 'sms', to: person.mobile, key: message.sms, locale, params },
      trx,
    );
  }
  if (person.email) {
    await services.notifier.enqueue(
      { channel: 'email', to: person.email, key: message.email, locale, params },
      trx,
    );
  }
}
