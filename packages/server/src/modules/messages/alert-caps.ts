import { DAY_MS } from '@dilosi/domain';
import { sql, type Kysely } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import { HOUR_MS, windowSpan, windowWaitMs, type WindowLimit } from '../../lib/sliding-window';
import type { NotificationChannel } from '../../notify';

/** The longest window: older alert events count for nothing and are purged. */
export const ALERT_EVENTS_KEEP_MS = DAY_MS;

export type AlertCapConfig = Pick<
  Config,
  'ALERT_SMS_PER_HOUR' | 'ALERT_SMS_PER_DAY' | 'ALERT_EMAIL_PER_HOUR' | 'ALERT_EMAIL_PER_DAY'
>;

/**
 * Whose alerts are counted: the person, and the destination as the outbox addresses it. `scope`
 * names the digest the held alerts join: '' (none) a citizen's mailbox, an entity id a staff
 * member's alerts of that entity (issue #33); the caps count every scope together.
 */
export type AlertSubject = {
  userId: string;
  channel: NotificationChannel;
  recipient: string;
  scope?: string;
};

function limitsOf(config: AlertCapConfig, channel: NotificationChannel): WindowLimit[] {
  return channel === 'sms'
    ? [
        { count: config.ALERT_SMS_PER_HOUR, windowMs: HOUR_MS },
        { count: config.ALERT_SMS_PER_DAY, windowMs: DAY_MS },
      ]
    : [
        { count: config.ALERT_EMAIL_PER_HOUR, windowMs: HOUR_MS },
        { count: config.ALERT_EMAIL_PER_DAY, windowMs: DAY_MS },
      ];
}

/**
 * Serialises, until the end of the caller's transaction, every alert of this channel to this
 * citizen and to this destination, across API processes and on PGlite alike: the count read
 * next stays true until the row that changes it is written. The citizen first, then the
 * destination, always in one statement (PostgreSQL evaluates a select list left to right).
 */
export async function lockAlertSubject(trx: Kysely<DB>, subject: AlertSubject): Promise<void> {
  const userKey = `alert-user:${subject.channel}:${subject.userId}`;
  const recipientKey = `alert-to:${subject.channel}:${subject.recipient}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${userKey}, 0)),
    pg_advisory_xact_lock(hashtextextended(${recipientKey}, 0))`.execute(trx);
}

/**
 * Milliseconds until one more alert to this citizen and this destination stays within both
 * caps of the channel (0: now). Reads only the newest rows that can matter: with n ≥ count rows
 * in a window, the count-th newest is the one whose leaving brings the count under the cap.
 * Call after lockAlertSubject.
 */
export async function alertWaitMs(
  trx: Kysely<DB>,
  config: AlertCapConfig,
  subject: AlertSubject,
): Promise<number> {
  const limits = limitsOf(config, subject.channel);
  const at = now().getTime();
  const { since, most } = windowSpan(limits, at);
  const { rows } = await sql<{ key: 'user' | 'recipient'; at: Date | string }>`
    (select 'user' as key, at from alert_events
      where user_id = ${subject.userId} and channel = ${subject.channel} and at > ${since}
      order by at desc limit ${most})
    union all
    (select 'recipient' as key, at from alert_events
      where channel = ${subject.channel} and recipient = ${subject.recipient} and at > ${since}
      order by at desc limit ${most})`.execute(trx);
  const timesOf = (key: 'user' | 'recipient') =>
    rows.filter((row) => row.key === key).map((row) => row.at);
  return Math.max(
    windowWaitMs(timesOf('user'), limits, at),
    windowWaitMs(timesOf('recipient'), limits, at),
  );
}

/** Counts one alert sent (a digest too), in the caller's transaction. */
export async function recordAlertEvent(trx: Kysely<DB>, subject: AlertSubject): Promise<void> {
  await trx
    .insertInto('alert_events')
    .values({
      user_id: subject.userId,
      channel: subject.channel,
      recipient: subject.recipient,
      at: now(),
    })
    .execute();
}

/**
 * Holds one alert back: it joins the citizen's pending digest of the channel, or starts one due
 * when the window has room again. Call after lockAlertSubject.
 */
export async function foldIntoDigest(
  trx: Kysely<DB>,
  subject: AlertSubject,
  waitMs: number,
): Promise<void> {
  const at = now();
  await trx
    .insertInto('alert_digests')
    .values({
      user_id: subject.userId,
      channel: subject.channel,
      held: 1,
      first_held_at: at,
      due_at: new Date(at.getTime() + waitMs),
      scope: subject.scope ?? '',
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'channel', 'scope']).doUpdateSet((eb) => ({
        held: eb('alert_digests.held', '+', 1),
      })),
    )
    .execute();
}

/** Whether the person already has alerts of this channel (and scope) held back. Call after lockAlertSubject. */
export async function hasPendingDigest(trx: Kysely<DB>, subject: AlertSubject): Promise<boolean> {
  const row = await trx
    .selectFrom('alert_digests')
    .select('held')
    .where('user_id', '=', subject.userId)
    .where('channel', '=', subject.channel)
    .where('scope', '=', subject.scope ?? '')
    .executeTakeFirst();
  return row !== undefined;
}

/** Alert events older than the longest window, in batches; answers how many went. */
export async function purgeAlertEvents(
  database: { db: Kysely<DB> },
  options: { at?: Date; batchSize?: number } = {},
): Promise<number> {
  const cutoff = new Date((options.at ?? now()).getTime() - ALERT_EVENTS_KEEP_MS);
  const batchSize = options.batchSize ?? 10_000;
  let purged = 0;
  for (;;) {
    const { numDeletedRows } = await database.db
      .deleteFrom('alert_events')
      .where(
        'id',
        'in',
        database.db
          .selectFrom('alert_events')
          .select('id')
          .where('at', '<', cutoff)
          .limit(batchSize),
      )
      .executeTakeFirst();
    purged += Number(numDeletedRows);
    if (Number(numDeletedRows) < batchSize) return purged;
  }
}
