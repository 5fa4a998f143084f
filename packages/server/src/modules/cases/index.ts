export { caseRoutes, publicCaseRoutes } from './case-routes';
export type { CaseServices } from './case-services';
export { forwardRoutes } from './forward-routes';
export { inboxCounts, listInbox } from './list-inbox';
export { findCase } from './case-queries';
export { recordCaseEvent } from './record-case-event';
export { findCaseCitizen } from './send-case-message';
export { listCaseReplies } from './list-case-replies';
export { purgeEntityMessageEvents } from './case-message-limits';
