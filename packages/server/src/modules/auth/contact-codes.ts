import crypto from 'node:crypto';
import {
  checkNewEmail,
  checkNewMobile,
  normalizeEmail,
  toGreekNationalNumber,
  type ErrorCode,
  type Locale,
} from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import type { NotificationChannel, NotificationKey } from '../../notify';

/** The two contact details a person changes with a code (issue #38). */
export type ContactChannel = 'email' | 'mobile';

/** How each channel reads, checks, counts and reaches the new value. */
export type ChannelRules = {
  /** The field of the request and of invalid_fields. */
  field: ContactChannel;
  /** none set, or invalid (spec section 8); null when the value may be used. */
  check(value: string | null | undefined): ErrorCode | null;
  /** The value as stored: a trimmed e-mail, the mobile's ten national digits. */
  address(value: string): string;
  /** The form every request for one address shares (limits, locks, in use). */
  limitKey(address: string): string;
  inUse: ErrorCode;
  notification: { channel: NotificationChannel; key: NotificationKey };
};

export const CHANNELS: Record<ContactChannel, ChannelRules> = {
  email: {
    field: 'email',
    check: checkNewEmail,
    address: normalizeEmail,
    limitKey: (address) => address.toLowerCase(),
    inUse: 'email_in_use',
    notification: { channel: 'email', key: 'contact_email_code' },
  },
  mobile: {
    field: 'mobile',
    check: checkNewMobile,
    address: (value) => toGreekNationalNumber(value.trim()) ?? value.trim(),
    limitKey: (address) => address,
    inUse: 'mobile_in_use',
    notification: { channel: 'sms', key: 'contact_mobile_sms' },
  },
};

/** Six digits, uniformly drawn, like the SMS code of a document. */
export function newContactCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/** The code as stored: an HMAC bound to the person, the channel and the address. */
export function hashContactCode(
  key: Buffer,
  change: { userId: string; channel: ContactChannel; address: string },
  code: string,
): string {
  return crypto
    .createHmac('sha256', key)
    .update(`${change.userId}:${change.channel}:${change.address}:${code}`)
    .digest('hex');
}

/** Compares in constant time. */
export function contactCodeMatches(
  key: Buffer,
  change: { userId: string; channel: ContactChannel; address: string },
  code: string,
  storedHash: string,
): boolean {
  const given = Buffer.from(hashContactCode(key, change, code), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** A refusal pointing at one field of the form, as the form shows it under the input. */
export function contactFieldError(
  status: number,
  code: ErrorCode,
  field: string,
  data: Record<string, unknown> = {},
): AppError {
  return new AppError(status, code, {
    invalid_fields: [{ invalid_field: field, error_info: { code } }],
    ...data,
  });
}

const unit = (locale: Locale, name: 'second' | 'minute' | 'hour', value: number) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);

/** A wait in words, in the person's language: "45 δευτερόλεπτα", "12 minutes", "2 heures". */
export function formatWait(locale: Locale, seconds: number): string {
  if (seconds < 60) return unit(locale, 'second', Math.max(1, seconds));
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60
    ? unit(locale, 'minute', minutes)
    : unit(locale, 'hour', Math.ceil(minutes / 60));
}

/** An error the error handler answers with a Retry-After header (429 only). */
function withRetryAfter(error: AppError, seconds: number): AppError {
  return Object.assign(error, { headers: { 'retry-after': String(seconds) } });
}

/** 429 contact_code_already_sent: too soon after the last code, or the hourly or daily codes used. */
export function contactCodeAlreadySent(locale: Locale, retryAfterSeconds: number): AppError {
  return withRetryAfter(
    new AppError(429, 'contact_code_already_sent', {
      retry_after_seconds: retryAfterSeconds,
      retry_hint: translate(locale, 'errors', 'otp_hint_send_in', {
        wait: formatWait(locale, retryAfterSeconds),
      }),
    }),
    retryAfterSeconds,
  );
}

/** 429 otp_max_attempts: this code's OTP_MAX_ATTEMPTS are used; a new code is needed. */
export function contactCodeMaxAttempts(locale: Locale): AppError {
  return contactFieldError(429, 'otp_max_attempts', 'code', {
    remaining_attempts: 0,
    retry_hint: translate(locale, 'errors', 'otp_hint_new_code'),
  });
}
