export { getAppConfigRoute } from './get-app-config';
