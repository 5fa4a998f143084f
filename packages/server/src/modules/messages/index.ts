export { messageRoutes } from './message-routes';
