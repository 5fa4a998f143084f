import { actionMessage } from './action-messages';
import { withLockedDocument, type DocumentActionInput } from './document-action';
import { insertDocumentEvent, type Queryable } from './document-queries';
import { nextDocumentState, refuseWhileConsentOpen } from './document-transition';
import { certifiedMobileOf, type IssuanceServices, sendOtp } from '../issuance';

/** `resend_otp` (requested → requested): a new SMS code to the certified mobile. */
export async function resendOtp(
  services: IssuanceServices,
  input: DocumentActionInput,
  trx?: Queryable,
) {
  const { user, locale } = input;
  const mobile = certifiedMobileOf(user);
  const row = await withLockedDocument(
    services,
    input,
    'resend_otp',
    async (handle, locked) => {
      const state = nextDocumentState(locked.state, 'resend_otp');
      await refuseWhileConsentOpen(handle, locked.id, 'resend_otp');
      await sendOtp(handle, services, { documentId: locked.id, mobile, locale });
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
  return { row, message: actionMessage(locale, 'otp_resent') };
}
