export {
  hasRole,
  requireEnabledEntity,
  requireEntityClerk,
  requireEntityRole,
  userDisplayName,
  type EntityAccess,
} from './entity-access';
export { listActiveClerks } from './list-active-clerks';
export { permissionRoutes } from './permission-routes';
export { staffRoutes } from './staff-routes';
