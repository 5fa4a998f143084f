export { kepRoutes } from './kep-routes';
