import { DAY_MS } from '@dilosi/domain';
import { sql } from 'kysely';
import { now } from '../../clock';
import { cachedStatement } from '../../db/cached-statement';
import type { Config } from '../../config';
import type { Queryable } from '../../db/queryable';
import { HOUR_MS, windowSpan, windowWaitMs, type WindowLimit } from '../../lib/sliding-window';

/** The longest window: older rows count for nothing and are purged. */
export const OTP_LIMIT_KEEP_MS = DAY_MS;

export type OtpLimitConfig = Pick<
  Config,
  'OTP_SENDS_PER_HOUR' | 'OTP_SENDS_PER_DAY' | 'OTP_FAILURES_PER_HOUR'
>;

/** Whose codes are counted: the citizen, and the mobile number as the outbox addresses it. */
export type OtpSubject = { userId: string; mobile: string };

type Kind = 'sent' | 'failed';
type EventTime = { key: 'user' | 'mobile'; at: Date | string };

/** Both locks in one statement: PostgreSQL evaluates a select list left to right. */
const lockSubject = cachedStatement(
  (_db, keys: { userKey: string; mobileKey: string }) =>
    sql`select pg_advisory_xact_lock(hashtextextended(${keys.userKey}, 0)),
    pg_advisory_xact_lock(hashtextextended(${keys.mobileKey}, 0))`,
);

/** The newest `most` events of a kind since a time, of the citizen and of the number. */
const newestEvents = cachedStatement(
  (_db, values: { userId: string; mobile: string; kind: Kind; since: Date; most: number }) =>
    sql<EventTime>`
    (select 'user' as key, at from otp_limit_events
      where user_id = ${values.userId} and kind = ${values.kind} and at > ${values.since}
      order by at desc limit ${values.most})
    union all
    (select 'mobile' as key, at from otp_limit_events
      where mobile = ${values.mobile} and kind = ${values.kind} and at > ${values.since}
      order by at desc limit ${values.most})`,
);

/**
 * Serialises, until the end of the caller's transaction, every send and check of a code for
 * this citizen and for this number, across API processes: the count read next stays true
 * until the row that changes it is written. Always the citizen first, then the number, so two
 * transactions never wait for each other in a circle.
 */
export async function lockOtpSubject(trx: Queryable, subject: OtpSubject): Promise<void> {
  await lockSubject.execute(trx, {
    userKey: `otp-user:${subject.userId}`,
    mobileKey: `otp-mobile:${subject.mobile}`,
  });
}

/**
 * Milliseconds until one more event of `kind` for the citizen and for the number stays within
 * every limit (0: now). Reads only the newest rows that can matter, of each, in one statement:
 * with n ≥ count rows in a window, the count-th newest is the one whose leaving the window
 * brings the count under the limit.
 */
async function waitFor(
  trx: Queryable,
  kind: Kind,
  subject: OtpSubject,
  limits: readonly WindowLimit[],
): Promise<number> {
  const at = now().getTime();
  const { since, most } = windowSpan(limits, at);
  const rows = await newestEvents.execute(trx, {
    userId: subject.userId,
    mobile: subject.mobile,
    kind,
    since,
    most,
  });
  const timesOf = (key: 'user' | 'mobile') =>
    rows.filter((row) => row.key === key).map((row) => row.at);
  return Math.max(
    windowWaitMs(timesOf('user'), limits, at),
    windowWaitMs(timesOf('mobile'), limits, at),
  );
}

/**
 * Seconds to wait before one more SMS code may go to this citizen or this number
 * (OTP_SENDS_PER_HOUR, OTP_SENDS_PER_DAY), or 0. Call after lockOtpSubject.
 */
export async function otpSendWaitSeconds(
  trx: Queryable,
  config: OtpLimitConfig,
  subject: OtpSubject,
): Promise<number> {
  const wait = await waitFor(trx, 'sent', subject, [
    { count: config.OTP_SENDS_PER_HOUR, windowMs: HOUR_MS },
    { count: config.OTP_SENDS_PER_DAY, windowMs: DAY_MS },
  ]);
  return Math.ceil(wait / 1000);
}

/**
 * Seconds to wait before this citizen or this number may enter a code again, after
 * OTP_FAILURES_PER_HOUR wrong codes over all their documents, or 0. Call after lockOtpSubject.
 */
export async function otpFailureWaitSeconds(
  trx: Queryable,
  config: OtpLimitConfig,
  subject: OtpSubject,
): Promise<number> {
  const wait = await waitFor(trx, 'failed', subject, [
    { count: config.OTP_FAILURES_PER_HOUR, windowMs: HOUR_MS },
  ]);
  return Math.ceil(wait / 1000);
}

/** Counts one code sent or one wrong code entered, in the caller's transaction. */
export async function recordOtpEvent(
  trx: Queryable,
  kind: Kind,
  subject: OtpSubject,
): Promise<void> {
  await trx
    .insertInto('otp_limit_events')
    .values({ kind, user_id: subject.userId, mobile: subject.mobile, at: now() })
    .execute();
}
