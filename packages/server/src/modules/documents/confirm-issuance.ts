import type { ApiDocument } from '@dilosi/domain';
import { sql } from 'kysely';
import { now } from '../../clock';
import { cachedStatement } from '../../db/cached-statement';
import { issueDocument } from './issue-document';
import { declarationNotFound, notAllowedOnState } from './document-errors';
import { findAsIssuer, issuerKindOf } from './document-issuer';
import { nextDocumentState } from './document-transition';
import {
  type IssuanceServices,
  lockOtpSubject,
  OTP_FIELD_KEY,
  OTP_FORMAT,
  otpError,
  otpFailureWaitSeconds,
  otpMatches,
  otpMaxAttempts,
  readOtpInput,
  recordOtpEvent,
} from '../issuance';
import type { IssuanceInput } from './document-services';

/** The document's SMS challenge, locked until the caller's commit. */
const lockedChallenge = cachedStatement((db, { documentId }: { documentId: string }) =>
  db
    .selectFrom('otp_challenges')
    .select(['expires_at', 'mobile'])
    .where('document_id', '=', documentId)
    .forUpdate(),
);

/** One more attempt at the challenge's code, unless it has had its last: its hash and count. */
const claimAttempt = cachedStatement((db, values: { documentId: string; maxAttempts: number }) =>
  db
    .updateTable('otp_challenges')
    .set({ attempts: sql`attempts + 1` })
    .where('document_id', '=', values.documentId)
    .where('attempts', '<', values.maxAttempts)
    .returning(['code_hash', 'attempts']),
);

/**
 * The SMS code (requested → issued). Refusals, each with the code on the otp_code field too:
 * none given 400 invalid_fields (required), not six digits 400 invalid_fields (otp_invalid);
 * past its expiry 400 otp_expired; OTP_MAX_ATTEMPTS wrong tries used 400 otp_max_attempts
 * (a new code is needed); OTP_FAILURES_PER_HOUR wrong codes entered by the citizen or for the
 * number, over all documents, 400 otp_max_attempts with `retry_after_seconds` (no code is
 * checked meanwhile, not even the right one); wrong 400 otp_invalid with `remaining` attempts.
 * Every try of a well-formed code uses one attempt, and a wrong one is counted against the
 * hourly limit, in one transaction that commits whatever the outcome and is serialised per
 * citizen and number, so parallel guesses cannot exceed either limit. The comparison is
 * constant-time.
 */
export async function confirmIssuance(
  services: IssuanceServices,
  input: IssuanceInput,
): Promise<ApiDocument> {
  const { config, database } = services;
  const { issuer, user, documentId, locale } = input;
  // Only a citizen's document waits for a code (an entity's never reaches state requested).
  if (issuerKindOf(issuer).confirmation !== 'sms_code') throw notAllowedOnState();

  const stored = input.stored ?? (await findAsIssuer(database.db, issuer, documentId));
  if (!stored) throw declarationNotFound();
  // A first look, before the code is checked; issueDocument moves the state under lock.
  nextDocumentState(stored.state, 'confirm');
  const code = readOtpInput(input.document.statements[OTP_FIELD_KEY]);
  if (code === null) throw otpError(locale, 'required', { answerCode: 'invalid_fields' });
  if (!OTP_FORMAT.test(code))
    throw otpError(locale, 'otp_invalid', { answerCode: 'invalid_fields' });

  // Committed whatever the outcome: the attempt and the wrong code count even when refused.
  const outcome = await database.db.transaction().execute(async (trx) => {
    // Locks in the order sendOtp takes them (challenge, citizen, number): no deadlock.
    const challenge = await lockedChallenge.executeTakeFirst(trx, { documentId: stored.id });
    if (!challenge || new Date(challenge.expires_at) <= now()) return { kind: 'expired' } as const;
    const subject = { userId: user.id, mobile: challenge.mobile };
    await lockOtpSubject(trx, subject);
    const wait = await otpFailureWaitSeconds(trx, config, subject);
    if (wait > 0) return { kind: 'blocked', wait } as const;
    const claimed = await claimAttempt.executeTakeFirst(trx, {
      documentId: stored.id,
      maxAttempts: config.OTP_MAX_ATTEMPTS,
    });
    if (!claimed) return { kind: 'exhausted' } as const;
    if (!otpMatches(services.otpKey, stored.id, code, claimed.code_hash)) {
      await recordOtpEvent(trx, 'failed', subject);
      return { kind: 'wrong', attempts: claimed.attempts } as const;
    }
    return { kind: 'right', codeHash: claimed.code_hash } as const;
  });
  if (outcome.kind === 'expired') throw otpError(locale, 'otp_expired');
  if (outcome.kind === 'blocked') throw otpMaxAttempts(locale, outcome.wait);
  if (outcome.kind === 'exhausted') throw otpMaxAttempts(locale, null);
  if (outcome.kind === 'wrong') {
    const remaining = Math.max(0, config.OTP_MAX_ATTEMPTS - outcome.attempts);
    throw otpError(locale, 'otp_invalid', { params: { remaining } });
  }
  const template = await services.catalog.definition(
    stored.template_refname,
    stored.template_version,
  );
  // A joint declaration waits for its co-signatories: the author's code opens its consent.
  if (template.joint) {
    if (!services.openJointConsent) throw notAllowedOnState();
    return services.openJointConsent({
      stored,
      template,
      user,
      codeHash: outcome.codeHash,
      locale,
    });
  }
  return issueDocument(services, {
    stored,
    issuer,
    user: user.record,
    from: 'requested',
    codeHash: outcome.codeHash,
    isOfficial: stored.is_official,
    locale,
  });
}
