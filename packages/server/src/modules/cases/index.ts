export { alertEntityStaff, type EntityAlertServices } from './alert-entity-staff';
export { caseRoutes, publicCaseRoutes } from './case-routes';
export type { CaseServices } from './case-services';
export { forwardRoutes } from './forward-routes';
export { inboxCounts, listInbox } from './list-inbox';
export { findCase } from './case-queries';
export { recordCaseEvent } from './record-case-event';
export { findCaseCitizen } from './send-case-message';
export { listCaseReplies } from './list-case-replies';
export { purgeEntityMessageEvents } from './case-message-limits';
export { sendCitizenMessage, type CitizenMessageTarget } from './send-citizen-message';
export { findCitizenCase, type CaseCitizen, type CitizenCase } from './find-citizen-case';
export { caseMessageFileUrl } from './case-downloads';
export { acceptCitizenMessageUploads, sendCitizenMessageOf } from './citizen-message-request';
export { replyToCase } from './reply-to-case';
// The case's scope actions (share, dismiss; modules/scope-actions).
export { shareCase, type ShareTarget } from './share-case';
export { dismissCase } from './dismiss-case';
export { getCase } from './get-case';
