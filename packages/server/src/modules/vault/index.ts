export { vaultRoutes } from './vault-routes';
