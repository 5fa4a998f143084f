export { resourceRoutes } from './resource-routes';
