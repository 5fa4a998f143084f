import { signatoryMachine, transition, type Locale } from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { normalizeRecipient } from '../../notify';
import type { CurrentUser } from '../auth';
import { maskMobile } from '../documents';
import {
  certifiedMobileOf,
  hashOtp,
  lockOtpSubject,
  newOtpCode,
  otpAlreadySent,
  otpSendWaitSeconds,
  recordOtpEvent,
} from '../issuance';
import { jointError } from './joint-errors';
import { listSignatories, lockConsent, refuseClosed, signatoryOf } from './joint-queries';
import type { JointServices } from './joint-services';

/** What her code is an HMAC of: her row and the text she signs, so it signs nothing else. */
export const signatureSubject = (signatoryId: string, textDigest: string) =>
  `joint:${signatoryId}:${textDigest}`;

/** Signed or declined already: her own code, in that order of precedence. */
export function refuseAnswered(state: string): void {
  if (state === 'dismissed') throw jointError('signatory_already_dismissed');
  if (!transition(signatoryMachine, state as 'pending', 'sign').ok) {
    throw jointError('signatory_state_must_be_pending_to_sign');
  }
}

/**
 * A co-signatory asks for her six-digit SMS code (to her certified mobile). The same limits as
 * an issuance's code: OTP_MAX_SENDS per signature, OTP_RESEND_INTERVAL_SECONDS between sends,
 * and OTP_SENDS_PER_HOUR / _PER_DAY per citizen and per number, across documents and
 * signatures (429 otp_already_sent).
 */
export async function sendSignatureCode(
  services: JointServices,
  input: { consentId: string; user: CurrentUser; locale: Locale },
) {
  const { config, database, notifier } = services;
  const { user, locale } = input;
  const certified = certifiedMobileOf(user);
  const mobile = normalizeRecipient('sms', certified);
  if (!mobile) throw new AppError(403, 'mobile_not_greek');
  return database.db.transaction().execute(async (trx) => {
    const consent = await lockConsent(trx, input.consentId);
    const own = signatoryOf(await listSignatories(trx, consent.id), user.record);
    refuseAnswered(own.state);
    refuseClosed(consent.state, 'sign');
    const at = now();
    if (own.code_sends >= config.OTP_MAX_SENDS) throw otpAlreadySent(locale, null, 0);
    const resendWait = own.code_sent_at
      ? new Date(own.code_sent_at).getTime() +
        config.OTP_RESEND_INTERVAL_SECONDS * 1000 -
        at.getTime()
      : 0;
    const subject = { userId: user.id, mobile };
    await lockOtpSubject(trx, subject);
    const wait = Math.max(
      Math.ceil(resendWait / 1000),
      await otpSendWaitSeconds(trx, config, subject),
    );
    if (wait > 0) throw otpAlreadySent(locale, wait, config.OTP_MAX_SENDS - own.code_sends);

    const code = newOtpCode();
    const expiresAt = new Date(at.getTime() + config.OTP_TTL_SECONDS * 1000);
    await notifier.enqueue(
      {
        channel: 'sms',
        to: mobile,
        key: 'otp_sms',
        locale,
        params: { code, minutes: Math.ceil(config.OTP_TTL_SECONDS / 60) },
      },
      trx,
    );
    await recordOtpEvent(trx, 'sent', subject);
    await trx
      .updateTable('joint_signatories')
      .set({
        code_hash: hashOtp(services.otpKey, signatureSubject(own.id, consent.text_digest), code),
        code_mobile: mobile,
        code_attempts: 0,
        code_sends: own.code_sends + 1,
        code_sent_at: at,
        code_expires_at: expiresAt,
        user_id: user.id,
      })
      .where('id', '=', own.id)
      .execute();
    return {
      mobile: maskMobile(mobile),
      expires_at: expiresAt.toISOString(),
      sends: own.code_sends + 1,
    };
  });
}
