import crypto from 'node:crypto';
import type { Locale } from '@dilosi/domain';
import { now } from '../../clock';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { Queryable } from '../documents';
import type { IssuanceServices } from './issuance-services';

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

/**
 * A new code for the document: the challenge row created or replaced (attempts back to 0) and
 * the SMS written to the outbox, both in the caller's transaction.
 */
export async function sendOtp(
  trx: Queryable,
  services: Pick<IssuanceServices, 'config' | 'notifier' | 'otpKey'>,
  input: { documentId: string; mobile: string; locale: Locale; sends: number },
): Promise<void> {
  const { config } = services;
  const code = newOtpCode();
  const at = now();
  const expiresAt = new Date(at.getTime() + config.OTP_TTL_SECONDS * 1000);
  const codeHash = hashOtp(services.otpKey, input.documentId, code);
  const message = await services.notifier.enqueue(
    {
      channel: 'sms',
      to: input.mobile,
      key: 'otp_sms',
      locale: input.locale,
      params: { code, minutes: Math.ceil(config.OTP_TTL_SECONDS / 60) },
      documentId: input.documentId,
    },
    trx,
  );
  await trx
    .insertInto('otp_challenges')
    .values({
      document_id: input.documentId,
      code_hash: codeHash,
      mobile: message.recipient,
      attempts: 0,
      sends: input.sends,
      last_sent_at: at,
      expires_at: expiresAt,
      created_at: at,
    })
    .onConflict((oc) =>
      oc.column('document_id').doUpdateSet({
        code_hash: codeHash,
        mobile: message.recipient,
        attempts: 0,
        sends: input.sends,
        last_sent_at: at,
        expires_at: expiresAt,
      }),
    )
    .execute();
}

/** 429 otp_already_sent: too soon after the last code, or no codes left to send. */
export function otpAlreadySent(retryAfterSeconds: number | null, sendsLeft: number): AppError {
  return new AppError(429, 'otp_already_sent', {
    retry_after_seconds: retryAfterSeconds,
    sends_left: sendsLeft,
  });
}

/**
 * The number the next code of a document will have, or 429 otp_already_sent. The count lives
 * as long as the document: going back from the code step and submitting again does not start
 * a fresh budget of SMS.
 */
export async function nextOtpSend(
  trx: Queryable,
  config: Pick<Config, 'OTP_MAX_SENDS' | 'OTP_RESEND_INTERVAL_SECONDS'>,
  documentId: string,
): Promise<number> {
  const challenge = await trx
    .selectFrom('otp_challenges')
    .select(['sends', 'last_sent_at'])
    .where('document_id', '=', documentId)
    .forUpdate()
    .executeTakeFirst();
  if (!challenge) return 1;
  if (challenge.sends >= config.OTP_MAX_SENDS) throw otpAlreadySent(null, 0);
  const wait =
    new Date(challenge.last_sent_at).getTime() +
    config.OTP_RESEND_INTERVAL_SECONDS * 1000 -
    now().getTime();
  if (wait > 0) {
    throw otpAlreadySent(Math.ceil(wait / 1000), config.OTP_MAX_SENDS - challenge.sends);
  }
  return challenge.sends + 1;
}
