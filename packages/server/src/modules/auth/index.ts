import type { FastifyInstance } from 'fastify';
import type { AuthServices } from './auth-services';
import { completeLoginRoute } from './complete-login';
import { contactDetailsRoutes } from './contact-details-routes';
import { exchangeLoginCodeRoute } from './exchange-login-code';
import { getCaptchaRoute } from './get-captcha';
import { getCurrentUserRoute } from './get-current-user';
import { getRegistryRecordRoute } from './get-registry-record';
import { logoutRoute } from './logout';
import { startLoginRoutes } from './start-login';
import { updateProfileRoute } from './update-profile';

export { createAuthServices, type AuthServices } from './auth-services';
export { missingRequiredClaims, requireAdmin, requireClaims, requireUser } from './authenticate';
export { verifyCaptcha } from './verify-captcha';
export { registerAnonymousScope } from './anonymous-scope';
export { startLogin } from './start-login';
export {
  isBuiltInProviderEnabled,
  LOGIN_PROVIDERS,
  type BuiltInProvider,
  type LoginProvider,
} from './providers';
export type { CurrentUser } from './sessions';

/** Login, token exchange, logout and captcha: open to everyone. */
export async function publicAuthRoutes(api: FastifyInstance, services: AuthServices) {
  await startLoginRoutes(api, services);
  await completeLoginRoute(api, services);
  await exchangeLoginCodeRoute(api, services);
  await logoutRoute(api, services);
  await getCaptchaRoute(api, services);
}

/** The user's own routes, registered inside the authenticated route tree. */
export async function userAuthRoutes(authenticated: FastifyInstance, services: AuthServices) {
  await getCurrentUserRoute(authenticated);
  await updateProfileRoute(authenticated, services);
  await contactDetailsRoutes(authenticated, services);
  await getRegistryRecordRoute(authenticated, services.database);
}
