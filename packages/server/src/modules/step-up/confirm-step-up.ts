import type { Locale } from '@dilosi/domain';
import { sql } from 'kysely';
import { now } from '../../clock';
import type { CurrentUser } from '../auth';
import {
  OTP_FORMAT,
  lockOtpSubject,
  otpError,
  otpFailureWaitSeconds,
  otpMatches,
  otpMaxAttempts,
  readOtpInput,
  recordOtpEvent,
} from '../issuance';
import { stepUpSubjectOf, type StepUpServices } from './send-step-up-code';

/**
 * Checks the session's step-up code. Right: the session's second factor is fresh from now
 * (confirmed_at) and the code is used up. Refusals, as for a document's code: no code or past
 * its expiry 400 otp_expired; a used code (none pending) otp_expired too; OTP_MAX_ATTEMPTS wrong
 * tries 400 otp_max_attempts; OTP_FAILURES_PER_HOUR wrong codes of the citizen or the number
 * otp_max_attempts with retry_after_seconds; a wrong one 400 otp_invalid with `remaining`.
 */
export async function confirmStepUp(
  services: StepUpServices,
  input: { user: CurrentUser; locale: Locale; code: unknown },
): Promise<{ confirmed_at: Date }> {
  const { config, database } = services;
  const { user, locale } = input;
  const code = readOtpInput(input.code);
  if (code === null) throw otpError(locale, 'required', { answerCode: 'invalid_fields' });
  if (!OTP_FORMAT.test(code))
    throw otpError(locale, 'otp_invalid', { answerCode: 'invalid_fields' });

  const outcome = await database.db.transaction().execute(async (trx) => {
    const challenge = await trx
      .selectFrom('step_up_challenges')
      .select(['code_hash', 'mobile', 'expires_at'])
      .where('session_id', '=', user.sessionId)
      .forUpdate()
      .executeTakeFirst();
    if (!challenge?.code_hash || new Date(challenge.expires_at) <= now()) {
      return { kind: 'expired' } as const;
    }
    const subject = { userId: user.id, mobile: challenge.mobile };
    await lockOtpSubject(trx, subject);
    const wait = await otpFailureWaitSeconds(trx, config, subject);
    if (wait > 0) return { kind: 'blocked', wait } as const;
    const claimed = await trx
      .updateTable('step_up_challenges')
      .set({ attempts: sql`attempts + 1` })
      .where('session_id', '=', user.sessionId)
      .where('attempts', '<', config.OTP_MAX_ATTEMPTS)
      .returning(['attempts'])
      .executeTakeFirst();
    if (!claimed) return { kind: 'exhausted' } as const;
    const subjectKey = stepUpSubjectOf(user.sessionId);
    if (!otpMatches(services.otpKey, subjectKey, code, challenge.code_hash)) {
      await recordOtpEvent(trx, 'failed', subject);
      return { kind: 'wrong', attempts: claimed.attempts } as const;
    }
    const at = now();
    await trx
      .updateTable('step_up_challenges')
      .set({ code_hash: null, confirmed_at: at })
      .where('session_id', '=', user.sessionId)
      .execute();
    return { kind: 'right', at } as const;
  });
  if (outcome.kind === 'expired') throw otpError(locale, 'otp_expired');
  if (outcome.kind === 'blocked') throw otpMaxAttempts(locale, outcome.wait);
  if (outcome.kind === 'exhausted') throw otpMaxAttempts(locale, null);
  if (outcome.kind === 'wrong') {
    const remaining = Math.max(0, config.OTP_MAX_ATTEMPTS - outcome.attempts);
    throw otpError(locale, 'otp_invalid', { params: { remaining } });
  }
  return { confirmed_at: outcome.at };
}
