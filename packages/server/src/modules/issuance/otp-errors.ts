import type { Locale } from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import { translate } from '../../lib/i18n';
import { OTP_FIELD_KEY } from '../documents';

/**
 * An SMS-code refusal: the answer's code, and the same code on the otp_code field so the form
 * shows it under the input. `required` reads from the validation catalog, the rest from errors.
 */
export function otpError(
  locale: Locale,
  code: 'required' | 'otp_invalid' | 'otp_expired' | 'otp_max_attempts',
  options: { answerCode?: string; params?: Record<string, unknown> } = {},
): AppError {
  const namespace = code === 'required' ? 'validation' : 'errors';
  const params = options.params;
  return new AppError(400, options.answerCode ?? code, {
    invalid_fields: [
      {
        invalid_field: OTP_FIELD_KEY,
        error_info: {
          code,
          message: translate(locale, namespace, code, params),
          ...(params ? { params } : {}),
        },
      },
    ],
    ...(params?.remaining !== undefined ? { remaining_attempts: params.remaining } : {}),
  });
}
