import type { ApiDocument } from '@dilosi/domain';
import { sql } from 'kysely';
import { now } from '../../clock';
import { requestLocale } from '../../lib/i18n';
import {
  documentNotFound,
  findOwnedDocument,
  notAllowedOnState,
  OTP_FIELD_KEY,
  type IssuanceInput,
} from '../documents';
import { issueDocument } from './issue-document';
import type { IssuanceServices } from './issuance-services';
import { OTP_FORMAT, otpMatches, readOtpInput } from './otp';
import { otpError } from './otp-errors';

/**
 * The SMS code (requested → issued). Refusals, each with the code on the otp_code field too:
 * none given 400 invalid_fields (required), not six digits 400 invalid_fields (otp_invalid);
 * past its expiry 400 otp_expired; OTP_MAX_ATTEMPTS wrong tries used 400 otp_max_attempts
 * (a new code is needed); wrong 400 otp_invalid with `remaining` attempts. Every try of a
 * well-formed code uses one attempt, counted by one atomic update that commits whatever the
 * outcome, so parallel guesses cannot exceed the limit. The comparison is constant-time.
 */
export async function confirmIssuance(
  services: IssuanceServices,
  input: IssuanceInput,
): Promise<ApiDocument> {
  const { config, database } = services;
  const { user, documentId } = input;
  const locale = requestLocale(input.request);

  const stored = await findOwnedDocument(database.db, documentId, user.id);
  if (!stored) throw documentNotFound();
  if (stored.state !== 'requested') throw notAllowedOnState();
  const code = readOtpInput(input.document.statements[OTP_FIELD_KEY]);
  if (code === null) throw otpError(locale, 'required', { answerCode: 'invalid_fields' });
  if (!OTP_FORMAT.test(code))
    throw otpError(locale, 'otp_invalid', { answerCode: 'invalid_fields' });

  const challenge = await database.db
    .selectFrom('otp_challenges')
    .select(['expires_at', 'attempts'])
    .where('document_id', '=', stored.id)
    .executeTakeFirst();
  if (!challenge || new Date(challenge.expires_at) <= now()) throw otpError(locale, 'otp_expired');
  const claimed = await database.db
    .updateTable('otp_challenges')
    .set({ attempts: sql`attempts + 1` })
    .where('document_id', '=', stored.id)
    .where('attempts', '<', config.OTP_MAX_ATTEMPTS)
    .returning(['code_hash', 'attempts'])
    .executeTakeFirst();
  if (!claimed) throw otpError(locale, 'otp_max_attempts');
  if (!otpMatches(services.otpKey, stored.id, code, claimed.code_hash)) {
    const remaining = Math.max(0, config.OTP_MAX_ATTEMPTS - claimed.attempts);
    throw otpError(locale, 'otp_invalid', { params: { remaining } });
  }
  return issueDocument(services, {
    stored,
    user: user.record,
    from: 'requested',
    codeHash: claimed.code_hash,
    isOfficial: stored.is_official,
  });
}
