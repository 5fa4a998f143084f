import crypto from 'node:crypto';
import type { Locale } from '@dilosi/domain';
import { now } from '../../clock';
import { cachedStatement } from '../../db/cached-statement';
import { AppError } from '../../lib/app-error';
import type { Queryable } from '../../db/queryable';
import type { OtpChallengeRow } from '../../db/schema';
import { normalizeRecipient, type NotificationParams } from '../../notify';
import type { IssuanceServices } from './issuance-services';
import { otpAlreadySent } from './otp-errors';
import { lockOtpSubject, otpSendWaitSeconds } from './otp-limits';

/** The key of the wizard's field that carries the SMS code at the confirm step. */
export const OTP_FIELD_KEY = 'otp_code';

/** What a document answer shows of its pending code (documents/document-extras.ts). */
export type SentChallenge = Pick<
  OtpChallengeRow,
  'mobile' | 'attempts' | 'sends' | 'last_sent_at' | 'expires_at'
>;

/** Six digits, uniformly drawn (spec section 1: a six-digit PIN by SMS). */
export function newOtpCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The code as stored: an HMAC bound to its document, never the code itself. */
export function hashOtp(key: Buffer, documentId: string, code: string): string {
  return crypto.createHmac('sha256', key).update(`${documentId}:${code}`).digest('hex');
}

/** Compares in constant time. */
export function otpMatches(key: Buffer, documentId: string, code: string, storedHash: string) {
  const given = Buffer.from(hashOtp(key, documentId, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** What a person typed: spaces and dashes do not matter. */
export function readOtpInput(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).replace(/[\s-]/g, '');
  return text === '' ? null : text;
}

export const OTP_FORMAT = /^\d{6}$/;

/** How many codes this document was sent, and when last; locked until the caller's commit. */
const lockedSends = cachedStatement((db, { documentId }: { documentId: string }) =>
  db
    .selectFrom('otp_challenges')
    .select(['sends', 'last_sent_at'])
    .where('document_id', '=', documentId)
    .forUpdate(),
);

/** A new code for the document (its challenge, made or replaced) and the send, counted. */
const upsertChallenge = cachedStatement(
  (
    db,
    values: {
      documentId: string;
      codeHash: string;
      mobile: string;
      userId: string;
      sends: number;
      at: Date;
      expiresAt: Date;
      sentAt: Date;
    },
  ) => {
    // The new code's columns, written the same on insert and on replacing the old challenge.
    const challenge = {
      code_hash: values.codeHash,
      mobile: values.mobile,
      attempts: 0,
      sends: values.sends,
      last_sent_at: values.at,
      expires_at: values.expiresAt,
    };
    return db
      .with('sent', (creator) =>
        creator.insertInto('otp_limit_events').values({
          kind: 'sent',
          user_id: values.userId,
          mobile: values.mobile,
          at: values.sentAt,
        }),
      )
      .insertInto('otp_challenges')
      .values({ document_id: values.documentId, ...challenge, created_at: values.at })
      .onConflict((oc) => oc.column('document_id').doUpdateSet(challenge));
  },
);

/**
 * A new code for the document, if its limits and the sender's allow: the challenge row created
 * or replaced (attempts back to 0), the SMS written to the outbox and counted, all in the
 * caller's transaction, which holds the document's row; the challenge's row is locked here.
 * Refusals, 429 otp_already_sent: the document's OTP_MAX_SENDS used; too soon
 * after its last code; OTP_SENDS_PER_HOUR or OTP_SENDS_PER_DAY reached by the citizen or by the
 * number, whoever's documents the codes were for.
 */
export async function sendOtp(
  trx: Queryable,
  services: Pick<IssuanceServices, 'config' | 'notifier' | 'otpKey'>,
  input: {
    documentId: string;
    mobile: string;
    locale: Locale;
    /** The document's owner, when the caller knows it (one query less). */
    userId?: string;
    /**
     * `resend_email_otp`: the code goes to this address instead of the mobile (the mobile's
     * limits still count it, as for an SMS).
     */
    email?: { to: string; title: NotificationParams[string] };
  },
): Promise<SentChallenge> {
  const { config } = services;
  const at = now();
  // Locked first (then the citizen and the number, in lockOtpSubject): confirmIssuance takes
  // the same locks in the same order.
  const challenge = await lockedSends.executeTakeFirst(trx, { documentId: input.documentId });
  const sent = challenge?.sends ?? 0;
  // The count lives as long as the document: going back from the code step and submitting
  // again does not start a fresh budget of SMS.
  const sends = sent + 1;
  if (sent >= config.OTP_MAX_SENDS) throw otpAlreadySent(input.locale, null, 0);
  const resendWait = challenge
    ? new Date(challenge.last_sent_at).getTime() +
      config.OTP_RESEND_INTERVAL_SECONDS * 1000 -
      at.getTime()
    : 0;

  const mobile = normalizeRecipient('sms', input.mobile);
  if (!mobile) throw new AppError(403, 'mobile_not_greek');
  const userId =
    input.userId ??
    (
      await trx
        .selectFrom('documents')
        .select('owner_id')
        .where('id', '=', input.documentId)
        .executeTakeFirstOrThrow()
    ).owner_id;
  const subject = { userId, mobile };
  await lockOtpSubject(trx, subject);
  const wait = Math.max(
    Math.ceil(resendWait / 1000),
    await otpSendWaitSeconds(trx, config, subject),
  );
  if (wait > 0) throw otpAlreadySent(input.locale, wait, config.OTP_MAX_SENDS - sent);

  const code = newOtpCode();
  const expiresAt = new Date(at.getTime() + config.OTP_TTL_SECONDS * 1000);
  const codeHash = hashOtp(services.otpKey, input.documentId, code);
  const minutes = Math.ceil(config.OTP_TTL_SECONDS / 60);
  await services.notifier.enqueue(
    input.email
      ? {
          channel: 'email',
          to: input.email.to,
          key: 'otp_email',
          locale: input.locale,
          params: { code, minutes, title: input.email.title },
          documentId: input.documentId,
        }
      : {
          channel: 'sms',
          to: mobile,
          key: 'otp_sms',
          locale: input.locale,
          params: { code, minutes },
          documentId: input.documentId,
        },
    trx,
  );
  // The challenge and the send counted against the limits, in one statement.
  await upsertChallenge.execute(trx, {
    documentId: input.documentId,
    codeHash,
    mobile,
    userId,
    sends,
    at,
    expiresAt,
    // As before: the send is counted at the time it is written, after the locks.
    sentAt: now(),
  });
  // As the row now stands: the answer shows it without reading it back.
  return { mobile, attempts: 0, sends, last_sent_at: at, expires_at: expiresAt };
}
