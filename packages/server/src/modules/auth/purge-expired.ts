import { now } from '../../clock';
import type { AuthServices } from './auth-services';
import { purgeContactChanges } from './purge-contact-changes';

/** Deletes what login leaves behind once it can no longer be used. */
export async function purgeExpiredAuthData(services: AuthServices): Promise<void> {
  const { db } = services.database;
  const at = now();
  await db.deleteFrom('login_attempts').where('expires_at', '<', at).execute();
  await db.deleteFrom('login_codes').where('expires_at', '<', at).execute();
  await services.sessions.purge();
  await services.throttle.purge();
  await services.captcha.purge();
  await purgeContactChanges(services.database);
  // The identity provider keeps real time, not the test clock.
  await db.deleteFrom('idp_payloads').where('expires_at', '<', new Date()).execute();
}
