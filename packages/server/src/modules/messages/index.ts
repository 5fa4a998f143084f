export { deliverCitizenMessage } from './deliver-citizen-message';
export { messageRoutes } from './message-routes';
export { findOwnMessage } from './to-citizen-message';
