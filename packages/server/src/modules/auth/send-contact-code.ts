import { DAY_MS, type Locale } from '@dilosi/domain';
import { sql } from 'kysely';
import { now } from '../../clock';
import type { Queryable } from '../../db/queryable';
import { HOUR_MS, windowSpan, windowWaitMs, type WindowLimit } from '../../lib/sliding-window';
import {
  CHANNELS,
  contactCodeAlreadySent,
  hashContactCode,
  newContactCode,
  type ContactChannel,
} from './contact-codes';
import type { ContactServices } from './contact-services';

/** A change waiting for its code, as the answers show it. */
export type PendingChange = { address: string; expiresAt: Date; resendAvailableAt: Date };

/**
 * Serialises, until the caller's commit, every send and check of a code for this person and
 * for this address, across API processes. The person always first, then the address.
 */
export async function lockContactSubject(
  trx: Queryable,
  subject: { userId: string; channel: ContactChannel; limitKey?: string },
): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`contact-user:${subject.userId}`}, 0))`.execute(
    trx,
  );
  if (subject.limitKey !== undefined) {
    const key = `contact-${subject.channel}:${subject.limitKey}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
  }
}

const sendLimits = (config: ContactServices['config']): WindowLimit[] => [
  { count: config.OTP_SENDS_PER_HOUR, windowMs: HOUR_MS },
  { count: config.OTP_SENDS_PER_DAY, windowMs: DAY_MS },
];

/**
 * A new code for the change, if the limits allow (OTP_RESEND_INTERVAL_SECONDS after the last
 * code of this channel; OTP_SENDS_PER_HOUR and OTP_SENDS_PER_DAY per person and per address):
 * the pending change made or replaced (attempts back to 0, valid OTP_TTL_SECONDS), the message
 * written to the outbox and the send counted, all in the caller's transaction.
 * Refusal: 429 contact_code_already_sent with the wait (and Retry-After).
 */
export async function sendContactCode(
  trx: Queryable,
  services: ContactServices,
  input: { userId: string; channel: ContactChannel; address: string; locale: Locale },
): Promise<PendingChange> {
  const { config } = services;
  const rules = CHANNELS[input.channel];
  const limitKey = rules.limitKey(input.address);
  await lockContactSubject(trx, { userId: input.userId, channel: input.channel, limitKey });
  const at = now();
  const current = await trx
    .selectFrom('contact_changes')
    .select('last_sent_at')
    .where('user_id', '=', input.userId)
    .where('channel', '=', input.channel)
    .forUpdate()
    .executeTakeFirst();
  const intervalMs = config.OTP_RESEND_INTERVAL_SECONDS * 1000;
  const resendWaitMs = current
    ? new Date(current.last_sent_at).getTime() + intervalMs - at.getTime()
    : 0;

  const limits = sendLimits(config);
  const { since } = windowSpan(limits, at.getTime());
  const sends = await trx
    .selectFrom('contact_code_sends')
    .select(['user_id', 'address', 'at'])
    .where('channel', '=', input.channel)
    .where('at', '>', since)
    .where((eb) => eb.or([eb('user_id', '=', input.userId), eb('address', '=', limitKey)]))
    .execute();
  const timesOf = (rows: typeof sends) => rows.map((row) => row.at);
  const mine = sends.filter((row) => row.user_id === input.userId);
  const forAddress = sends.filter((row) => row.address === limitKey);
  const waitMs = Math.max(
    resendWaitMs,
    windowWaitMs(timesOf(mine), limits, at.getTime()),
    windowWaitMs(timesOf(forAddress), limits, at.getTime()),
  );
  if (waitMs > 0) throw contactCodeAlreadySent(input.locale, Math.ceil(waitMs / 1000));

  const code = newContactCode();
  const expiresAt = new Date(at.getTime() + config.OTP_TTL_SECONDS * 1000);
  const change = {
    address: input.address,
    code_hash: hashContactCode(services.codeKey, input, code),
    attempts: 0,
    last_sent_at: at,
    expires_at: expiresAt,
  };
  await trx
    .insertInto('contact_changes')
    .values({ user_id: input.userId, channel: input.channel, ...change, created_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'channel']).doUpdateSet(change))
    .execute();
  await trx
    .insertInto('contact_code_sends')
    .values({ user_id: input.userId, channel: input.channel, address: limitKey, at })
    .execute();
  await services.notifier.enqueue(
    {
      channel: rules.notification.channel,
      to: input.address,
      key: rules.notification.key,
      locale: input.locale,
      params: { code, minutes: Math.ceil(config.OTP_TTL_SECONDS / 60) },
    },
    trx,
  );
  // The next code: after the interval, and within the limits once this send counts.
  const nextWaitMs = Math.max(
    intervalMs,
    windowWaitMs([...timesOf(mine), at], limits, at.getTime()),
    windowWaitMs([...timesOf(forAddress), at], limits, at.getTime()),
  );
  return {
    address: input.address,
    expiresAt,
    resendAvailableAt: new Date(at.getTime() + nextWaitMs),
  };
}
