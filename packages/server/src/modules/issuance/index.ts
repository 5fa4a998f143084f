import type { FastifyInstance } from 'fastify';
import type { IssuanceServices } from './issuance-services';
import { messageDocumentRoutes } from './message-document';

// The services below modules/documents, which decides a document's life: the SMS code, the
// keys and download addresses of sealed PDFs, and the delivery of an issued document.
export {
  createIssuanceServices,
  type IssuanceServices,
  type JointOpening,
} from './issuance-services';
export { certifiedMobileOf } from './certified-mobile';
export {
  OTP_FIELD_KEY,
  OTP_FORMAT,
  hashOtp,
  newOtpCode,
  otpMatches,
  readOtpInput,
  sendOtp,
  type SentChallenge,
} from './otp';
export { otpAlreadySent, otpError, otpMaxAttempts } from './otp-errors';
export {
  lockOtpSubject,
  otpFailureWaitSeconds,
  otpSendWaitSeconds,
  recordOtpEvent,
} from './otp-limits';
export { citizenName, documentLinkParams, validationUrlOf } from './document-links';
export { deliverIssuedDocument } from './deliver-document';
export { deliverEntityDocument } from './deliver-entity-document';
export { pdfDownloadUrl } from './pdf-download-url';
export { renderSealedPdf } from './render-sealed-pdf';
export { ensureDocumentPdf } from './ensure-document-pdf';
export { purgeExpiredDocuments, type PurgeSummary } from './purge-expired-documents';
export { documentsRetentionJob } from './documents-retention-job';

/** A message about an issued document (inside the authenticated tree). */
export async function issuanceRoutes(authenticated: FastifyInstance, services: IssuanceServices) {
  await messageDocumentRoutes(authenticated, services);
}
