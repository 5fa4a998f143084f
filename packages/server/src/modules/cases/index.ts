export { caseRoutes, publicCaseRoutes } from './case-routes';
export type { CaseServices } from './case-services';
export { inboxCounts, listInbox } from './list-inbox';
