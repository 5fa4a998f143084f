import type { DocumentUserAction } from '@dilosi/domain';
import { createPdfLink } from './create-pdf-link';
import type { DocumentActionUseCase } from './document-action';
import { dismissDocument } from './dismiss-document';
import { emailDocument } from './email-document';
import { resendOtp } from './resend-otp';
import { revokeDocument } from './revoke-document';
import { sendDocumentLink } from './send-document-link';
import { setRetention } from './set-retention';
import { shareDocument } from './share-document';
import { smsDocument } from './sms-document';

/** The use case of each document action, one file each (the route dispatches on `action`). */
export const documentActions: Record<DocumentUserAction, DocumentActionUseCase> = {
  resend_otp: resendOtp,
  pdf: createPdfLink,
  email: emailDocument,
  sms: smsDocument,
  'send-document-link': sendDocumentLink,
  share: shareDocument,
  revoke: revokeDocument,
  dismiss: dismissDocument,
  set_retention: setRetention,
};
