import type { Locale } from '@dilosi/domain';
import { now } from '../../clock';
import { inTransaction } from '../../jobs/job-connection';
import { changeState } from '../../lib/state-change';
import type { CurrentUser } from '../auth';
import {
  lockOtpSubject,
  OTP_FORMAT,
  otpError,
  otpFailureWaitSeconds,
  otpMatches,
  otpMaxAttempts,
  readOtpInput,
  recordOtpEvent,
} from '../issuance';
import { jointError } from './joint-errors';
import { issueConsentDocument } from './issue-consent-document';
import { listSignatories, lockConsent, refuseClosed, signatoryOf } from './joint-queries';
import type { JointServices } from './joint-services';
import { consentState, signatoryState } from './joint-states';
import { consentIssueJobOptions } from './retry-consent-issuance';
import { refuseAnswered, signatureSubject } from './send-signature-code';

/**
 * A co-signatory signs (pending → signed) with her SMS code, bound to the digest of the text she
 * was shown: another digest is refused (409 consent_text_changed). The consent row is locked for
 * the whole check, so two signatures, or a signature and a cancel, happen one after the other:
 * the last signature moves the consent to fully signed, and only that request issues the
 * document (after commit, outside the lock). Should that fail (the PDF worker, the database),
 * the `joint-consent-issue` job sent with the last signature retries it with backoff, and the
 * signature's answer stands (fully signed, no code yet); a signatory may also ask again. A wrong
 * code counts against OTP_MAX_ATTEMPTS and the per-citizen and per-number hourly failures, as
 * an issuance's code does; those counts commit whatever the outcome.
 */
export async function signConsent(
  services: JointServices,
  input: {
    consentId: string;
    user: CurrentUser;
    code: unknown;
    textDigest: string;
    locale: Locale;
  },
) {
  const { config, database } = services;
  const { user, locale } = input;
  const code = readOtpInput(input.code);
  if (code === null) throw otpError(locale, 'required', { answerCode: 'invalid_fields' });
  if (!OTP_FORMAT.test(code)) {
    throw otpError(locale, 'otp_invalid', { answerCode: 'invalid_fields' });
  }

  const outcome = await database.db.transaction().execute(async (trx) => {
    const consent = await lockConsent(trx, input.consentId);
    const signatories = await listSignatories(trx, consent.id);
    const own = signatoryOf(signatories, user.record);
    refuseClosed(consent.state, 'sign');
    refuseAnswered(own.state);
    if (input.textDigest !== consent.text_digest) throw jointError('consent_text_changed');
    if (!own.code_hash || !own.code_mobile || !own.code_expires_at) {
      return { kind: 'expired' } as const;
    }
    if (new Date(own.code_expires_at) <= now()) return { kind: 'expired' } as const;
    const subject = { userId: user.id, mobile: own.code_mobile };
    await lockOtpSubject(trx, subject);
    const wait = await otpFailureWaitSeconds(trx, config, subject);
    if (wait > 0) return { kind: 'blocked', wait } as const;
    if (own.code_attempts >= config.OTP_MAX_ATTEMPTS) return { kind: 'exhausted' } as const;
    const attempts = own.code_attempts + 1;
    const subjectText = signatureSubject(own.id, consent.text_digest);
    if (!otpMatches(services.otpKey, subjectText, code, own.code_hash)) {
      await trx
        .updateTable('joint_signatories')
        .set({ code_attempts: attempts })
        .where('id', '=', own.id)
        .execute();
      await recordOtpEvent(trx, 'failed', subject);
      return { kind: 'wrong', attempts } as const;
    }
    const at = now();
    await changeState(trx, signatoryState, {
      lock: async () => own,
      event: 'sign',
      at,
      columns: () => ({
        signed_digest: consent.text_digest,
        signed_at: at,
        user_id: user.id,
        code_hash: null,
        code_expires_at: null,
      }),
    });
    const isLast = signatories.every((row) => row.id === own.id || row.state === 'signed');
    await changeState(trx, consentState, {
      lock: async () => consent,
      event: isLast ? 'complete' : 'sign',
      at,
      columns: () => ({ updated_at: at }),
    });
    const queue = services.jobs?.() ?? null;
    if (isLast && queue) {
      // Committed with the last signature: the document is issued even if the try below fails.
      await queue.send(
        'joint-consent-issue',
        { consent_id: consent.id, locale },
        { db: inTransaction(trx), ...consentIssueJobOptions(consent.id) },
      );
    }
    return { kind: 'signed', isLast, isQueued: queue !== null } as const;
  });
  if (outcome.kind === 'expired') throw otpError(locale, 'otp_expired');
  if (outcome.kind === 'blocked') throw otpMaxAttempts(locale, outcome.wait);
  if (outcome.kind === 'exhausted') throw otpMaxAttempts(locale, null);
  if (outcome.kind === 'wrong') {
    const remaining = Math.max(0, config.OTP_MAX_ATTEMPTS - outcome.attempts);
    throw otpError(locale, 'otp_invalid', { params: { remaining } });
  }
  if (!outcome.isLast) return;
  try {
    await issueConsentDocument(services, { consentId: input.consentId, locale });
  } catch (error) {
    // No queue to retry (some tests): the failure is the answer, as before.
    if (!outcome.isQueued) throw error;
    services.logger?.error(
      { err: error, consentId: input.consentId },
      'joint declaration: issuance failed after the last signature; the job retries it',
    );
  }
}
