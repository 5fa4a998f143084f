import { isValidEmail } from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import { actionMessage } from './action-messages';
import { withLockedDocument, type DocumentActionInput } from './document-action';
import { insertDocumentEvent, type Queryable } from './document-queries';
import { nextDocumentState } from './document-transition';
import { certifiedMobileOf, type IssuanceServices, sendOtp } from '../issuance';

/**
 * `resend_email_otp` (requested → requested): the confirmation code by e-mail, to the address
 * on the citizen's account, under the same limits as `resend_otp` (the code is kept only as a
 * hash, so a new one replaces the pending one). No address on record: 409 email_not_set.
 */
export async function resendEmailOtp(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, locale, template } = input;
  const email = user.record.email?.trim() ?? '';
  if (email === '' || !isValidEmail(email)) throw new AppError(409, 'email_not_set');
  const mobile = certifiedMobileOf(user);
  const row = await withLockedDocument(
    services,
    input,
    'resend_email_otp',
    async (handle, locked) => {
      const state = nextDocumentState(locked.state, 'resend_otp');
      await sendOtp(handle, services, {
        documentId: locked.id,
        mobile,
        locale,
        userId: user.id,
        email: { to: email, title: template.shortname },
      });
      await insertDocumentEvent(handle, {
        documentId: locked.id,
        action: 'otp_resent',
        fromState: locked.state,
        toState: state,
        step: locked.step,
        userId: user.id,
      });
      return locked;
    },
    trx,
  );
  return { row, message: actionMessage(locale, 'otp_email_resent', { email }) };
}
