import crypto from 'node:crypto';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import { loadOrCreateSecret } from '../../lib/stored-secret';
import type { Notifier } from '../../notify';

/** What a change of e-mail or mobile needs (issue #38), made once per app. */
export type ContactServices = {
  config: Config;
  database: Database;
  notifier: Notifier;
  /** HMAC key of the stored codes, shared by every API process. */
  codeKey: Buffer;
};

export async function createContactServices(
  deps: Omit<ContactServices, 'codeKey'>,
): Promise<ContactServices> {
  const key = await loadOrCreateSecret(deps.database, 'contact_code_hmac_key', () =>
    crypto.randomBytes(32).toString('base64'),
  );
  return { ...deps, codeKey: Buffer.from(key, 'base64') };
}
