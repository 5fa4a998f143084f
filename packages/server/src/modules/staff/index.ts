export { hasRole, requireEntityRole, userDisplayName, type EntityAccess } from './entity-access';
export { listActiveClerks } from './list-active-clerks';
export { staffRoutes } from './staff-routes';
