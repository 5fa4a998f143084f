export { kepRoutes, publicKepRoutes } from './kep-routes';
