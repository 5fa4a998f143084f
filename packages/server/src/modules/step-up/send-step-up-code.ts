import type { Locale } from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { normalizeRecipient } from '../../notify';
import type { CurrentUser } from '../auth';
import {
  certifiedMobileOf,
  hashOtp,
  lockOtpSubject,
  newOtpCode,
  otpAlreadySent,
  otpSendWaitSeconds,
  type IssuanceServices,
} from '../issuance';

export type StepUpServices = Pick<IssuanceServices, 'config' | 'database' | 'notifier' | 'otpKey'>;

/** What the code is bound to: the session, so a code sent to one login serves no other. */
export const stepUpSubjectOf = (sessionId: string) => `step-up:${sessionId}`;

/**
 * A new step-up code for the session, by SMS to the certified mobile (403 no_mobile,
 * mobile_not_greek without one). The limits of the document codes hold: OTP_MAX_SENDS per
 * challenge, OTP_RESEND_INTERVAL_SECONDS between codes, the citizen's and the number's codes per
 * hour and per day (429 otp_already_sent). A new code replaces the old one and clears any
 * earlier confirmation's attempts, not the confirmation itself.
 */
export async function sendStepUpCode(
  services: StepUpServices,
  input: { user: CurrentUser; locale: Locale },
): Promise<{ mobile: string; expires_at: Date; sends_left: number }> {
  const { config, database } = services;
  const { user, locale } = input;
  const mobile = normalizeRecipient('sms', certifiedMobileOf(user));
  if (!mobile) throw new AppError(403, 'mobile_not_greek');
  return database.db.transaction().execute(async (trx) => {
    const at = now();
    const challenge = await trx
      .selectFrom('step_up_challenges')
      .select(['sends', 'last_sent_at', 'created_at'])
      .where('session_id', '=', user.sessionId)
      .forUpdate()
      .executeTakeFirst();
    const sent = challenge?.sends ?? 0;
    if (sent >= config.OTP_MAX_SENDS) throw otpAlreadySent(locale, null, 0);
    const subject = { userId: user.id, mobile };
    await lockOtpSubject(trx, subject);
    const resendWait = challenge
      ? new Date(challenge.last_sent_at).getTime() +
        config.OTP_RESEND_INTERVAL_SECONDS * 1000 -
        at.getTime()
      : 0;
    const wait = Math.max(
      Math.ceil(resendWait / 1000),
      await otpSendWaitSeconds(trx, config, subject),
    );
    if (wait > 0) throw otpAlreadySent(locale, wait, config.OTP_MAX_SENDS - sent);

    const code = newOtpCode();
    const expiresAt = new Date(at.getTime() + config.OTP_TTL_SECONDS * 1000);
    const values = {
      code_hash: hashOtp(services.otpKey, stepUpSubjectOf(user.sessionId), code),
      mobile,
      attempts: 0,
      sends: sent + 1,
      last_sent_at: at,
      expires_at: expiresAt,
    };
    await trx
      .insertInto('step_up_challenges')
      .values({ session_id: user.sessionId, user_id: user.id, ...values, created_at: at })
      .onConflict((oc) => oc.column('session_id').doUpdateSet(values))
      .execute();
    await trx
      .insertInto('otp_limit_events')
      .values({ kind: 'sent', user_id: user.id, mobile, at })
      .execute();
    await services.notifier.enqueue(
      {
        channel: 'sms',
        to: mobile,
        key: 'otp_sms',
        locale,
        params: { code, minutes: Math.ceil(config.OTP_TTL_SECONDS / 60) },
        documentId: null,
      },
      trx,
    );
    return { mobile, expires_at: expiresAt, sends_left: config.OTP_MAX_SENDS - sent - 1 };
  });
}
