// Joint declarations (issue #35): one document signed by several people, each with her own SMS
// code; issued once, through modules/documents, when all have signed.
export { jointRoutes } from './joint-routes';
export { openConsent, type OpenConsentInput } from './open-consent';
export { deliverWaitingJointRequests } from './deliver-waiting-joint-requests';
export { expireConsents } from './close-consent';
export { jointConsentExpiryJob } from './consent-expiry-job';
export { listSignatories } from './joint-queries';
export {
  createJointIssuance,
  jointConsentIssueJob,
  type JointIssuance,
} from './retry-consent-issuance';
