import type { onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AppEventService } from '../../lib/after-commit';
import { authenticationHook } from './authenticate';
import { Captcha } from './captcha';
import { LoginThrottle } from './login-throttle';
import { RelyingParty, type BuiltInProvider } from './providers';
import { SessionStore } from './sessions';

/** Everything login and the authenticated routes need, made once per app. */
export type AuthServices = {
  config: Config;
  database: Database;
  relyingParty: RelyingParty;
  sessions: SessionStore;
  throttle: LoginThrottle;
  captcha: Captcha;
  /** Where login raises its events (first_login), handled after commit by the app's handlers. */
  events: AppEventService;
  /** The hook of the authenticated route tree (401 without a valid token). */
  authenticate: onRequestAsyncHookHandler;
  /** The same for routes open to everyone that still want to know who is calling. */
  identify: onRequestAsyncHookHandler;
};

export async function createAuthServices(
  config: Config,
  database: Database,
  builtIn: BuiltInProvider | null,
  events: AppEventService,
): Promise<AuthServices> {
  const sessions = new SessionStore(database, {
    ttlSeconds: config.SESSION_TTL_SECONDS,
    idleSeconds: config.SESSION_IDLE_SECONDS,
  });
  return {
    config,
    database,
    relyingParty: new RelyingParty(config, builtIn),
    sessions,
    throttle: new LoginThrottle(database, {
      maxFailures: config.LOGIN_THROTTLE_MAX_FAILURES,
      windowSeconds: config.LOGIN_THROTTLE_WINDOW_SECONDS,
    }),
    captcha: await Captcha.create(database, {
      hmacKey: config.ALTCHA_HMAC_KEY,
      maxNumber: config.CAPTCHA_MAX_NUMBER,
      ttlSeconds: config.CAPTCHA_TTL_SECONDS,
    }),
    events,
    authenticate: authenticationHook(sessions),
    identify: authenticationHook(sessions, { optional: true }),
  };
}
