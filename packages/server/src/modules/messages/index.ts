export {
  ALERT_EVENTS_KEEP_MS,
  foldIntoDigest,
  lockAlertSubject,
  purgeAlertEvents,
} from './alert-caps';
export { ALERT_LOCALE, alertCitizen, type AlertServices, type Reachable } from './alert-citizen';
export { deliverCitizenMessage } from './deliver-citizen-message';
export { deliverWaitingDocuments } from './deliver-waiting-documents';
export { messageRoutes } from './message-routes';
export { findOwnMessage, toCitizenMessage } from './to-citizen-message';
export { nextTsid } from './next-tsid';
export { sendAlertDigests, type AlertDigestSummary } from './send-alert-digests';
export { alertDigestsJob } from './alert-digests-job';
// The inbox entries' scope actions (modules/scope-actions).
export { actOnCitizenMessage } from './act-on-citizen-message';
export { answerAddressedDocument } from './answer-addressed-document';
