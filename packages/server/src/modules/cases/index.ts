export { caseRoutes, publicCaseRoutes } from './case-routes';
export type { CaseServices } from './case-services';
export { forwardRoutes } from './forward-routes';
export { inboxCounts, listInbox } from './list-inbox';
