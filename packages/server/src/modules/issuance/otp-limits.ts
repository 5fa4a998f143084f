import { DAY_MS } from '@dilosi/domain';
import { sql } from 'kysely';
import { now } from '../../clock';
import type { Config } from '../../config';
import type { Queryable } from '../documents';

const HOUR_MS = 3_600_000;
/** The longest window: older rows count for nothing and are purged. */
export const OTP_LIMIT_KEEP_MS = DAY_MS;

export type OtpLimitConfig = Pick<
  Config,
  'OTP_SENDS_PER_HOUR' | 'OTP_SENDS_PER_DAY' | 'OTP_FAILURES_PER_HOUR'
>;

/** Whose codes are counted: the citizen, and the mobile number as the outbox addresses it. */
export type OtpSubject = { userId: string; mobile: string };

type Limit = { count: number; windowMs: number };
type Kind = 'sent' | 'failed';

/**
 * Serialises, until the end of the caller's transaction, every send and check of a code for
 * this citizen and for this number, across API processes: the count read next stays true
 * until the row that changes it is written. Always the citizen first, then the number, so two
 * transactions never wait for each other in a circle.
 */
export async function lockOtpSubject(trx: Queryable, subject: OtpSubject): Promise<void> {
  // One statement; PostgreSQL evaluates a select list left to right.
  await sql`select pg_advisory_xact_lock(hashtextextended(${`otp-user:${subject.userId}`}, 0)),
    pg_advisory_xact_lock(hashtextextended(${`otp-mobile:${subject.mobile}`}, 0))`.execute(trx);
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
  limits: readonly Limit[],
): Promise<number> {
  const at = now().getTime();
  const since = new Date(at - Math.max(...limits.map((limit) => limit.windowMs)));
  const most = Math.max(...limits.map((limit) => limit.count));
  const { rows } = await sql<{ key: 'user' | 'mobile'; at: Date | string }>`
    (select 'user' as key, at from otp_limit_events
      where user_id = ${subject.userId} and kind = ${kind} and at > ${since}
      order by at desc limit ${most})
    union all
    (select 'mobile' as key, at from otp_limit_events
      where mobile = ${subject.mobile} and kind = ${kind} and at > ${since}
      order by at desc limit ${most})`.execute(trx);
  let wait = 0;
  for (const key of ['user', 'mobile'] as const) {
    const times = rows
      .filter((row) => row.key === key)
      .map((row) => new Date(row.at).getTime())
      .sort((a, b) => b - a);
    for (const limit of limits) {
      const edge = times.filter((time) => time > at - limit.windowMs)[limit.count - 1];
      if (edge !== undefined) wait = Math.max(wait, edge + limit.windowMs - at);
    }
  }
  return wait;
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
  await trx.insertInto('otp_limit_events').values(otpEventRow(kind, subject)).execute();
}

/** The row recordOtpEvent inserts, for a caller that writes it within a statement of its own. */
export function otpEventRow(kind: Kind, subject: OtpSubject) {
  return { kind, user_id: subject.userId, mobile: subject.mobile, at: now() };
}
