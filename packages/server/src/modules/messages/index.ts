export { alertCitizen, type Reachable } from './alert-citizen';
export { deliverCitizenMessage } from './deliver-citizen-message';
export { deliverWaitingDocuments } from './deliver-waiting-documents';
export { messageRoutes } from './message-routes';
export { findOwnMessage } from './to-citizen-message';
export { nextTsid } from './next-tsid';
