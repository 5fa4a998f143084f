import type { ErrorCode, Locale } from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import { OTP_FIELD_KEY } from './otp';

/**
 * An SMS-code refusal: the answer's code, and the same code on the otp_code field so the form
 * shows it under the input. `required` reads from the validation catalog, the rest from errors.
 * `data` goes into the answer's data, where the error handler also reads the message's
 * placeholders.
 */
export function otpError(
  locale: Locale,
  code: 'required' | 'otp_invalid' | 'otp_expired' | 'otp_max_attempts',
  options: {
    /** The answer's code; `required` is a field code only, its answer is invalid_fields. */
    answerCode?: ErrorCode;
    params?: Record<string, unknown>;
    data?: Record<string, unknown>;
  } = {},
): AppError {
  const namespace = code === 'required' ? 'validation' : 'errors';
  const params = options.params;
  const answerCode = options.answerCode ?? (code === 'required' ? 'invalid_fields' : code);
  return new AppError(400, answerCode, {
    invalid_fields: [
      {
        invalid_field: OTP_FIELD_KEY,
        error_info: {
          code,
          message: translate(locale, namespace, code, { ...options.data, ...params }),
          ...(params ? { params } : {}),
        },
      },
    ],
    ...(params?.remaining !== undefined ? { remaining_attempts: params.remaining } : {}),
    ...options.data,
  });
}

const unit = (locale: Locale, name: 'second' | 'minute' | 'hour', value: number) =>
  new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);

/** A wait in words, in the citizen's language: "45 δευτερόλεπτα", "12 minutes", "2 heures et 5 minutes". */
export function formatWait(locale: Locale, seconds: number): string {
  if (seconds < 60) return unit(locale, 'second', Math.max(1, seconds));
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return unit(locale, 'minute', minutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return unit(locale, 'hour', hours);
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format([
    unit(locale, 'hour', hours),
    unit(locale, 'minute', rest),
  ]);
}

/**
 * 400 otp_max_attempts. Without a wait: this code's OTP_MAX_ATTEMPTS are used, a new code is
 * needed. With one: the citizen or the number reached OTP_FAILURES_PER_HOUR wrong codes over
 * all documents, and no code is checked for `retryAfterSeconds`.
 */
export function otpMaxAttempts(locale: Locale, retryAfterSeconds: number | null): AppError {
  const hint =
    retryAfterSeconds === null
      ? translate(locale, 'errors', 'otp_hint_new_code')
      : translate(locale, 'errors', 'otp_hint_confirm_in', {
          wait: formatWait(locale, retryAfterSeconds),
        });
  return otpError(locale, 'otp_max_attempts', {
    data: {
      retry_hint: hint,
      ...(retryAfterSeconds === null ? {} : { retry_after_seconds: retryAfterSeconds }),
    },
  });
}

/**
 * 429 otp_already_sent: too soon after the document's last code (OTP_RESEND_INTERVAL_SECONDS),
 * the citizen's or the number's codes per hour or per day used (OTP_SENDS_PER_HOUR,
 * OTP_SENDS_PER_DAY), or, with retryAfterSeconds null, the document's OTP_MAX_SENDS used.
 */
export function otpAlreadySent(
  locale: Locale,
  retryAfterSeconds: number | null,
  sendsLeft: number,
): AppError {
  const hint =
    retryAfterSeconds === null
      ? translate(locale, 'errors', 'otp_hint_no_more_sends')
      : translate(locale, 'errors', 'otp_hint_send_in', {
          wait: formatWait(locale, retryAfterSeconds),
        });
  return new AppError(429, 'otp_already_sent', {
    retry_after_seconds: retryAfterSeconds,
    sends_left: sendsLeft,
    retry_hint: hint,
  });
}
