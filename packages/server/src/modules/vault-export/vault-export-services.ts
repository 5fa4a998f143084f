import crypto from 'node:crypto';
import type { Database } from '../../db/database';
import type { JobSender } from '../../jobs/job-payloads';
import { loadOrCreateSecret } from '../../lib/stored-secret';

/** What the vault export routes need, made once per app. */
export type VaultExportServices = {
  database: Database;
  /** The job queue, once main.ts has started it (null in tests and API-only set-ups). */
  jobs: () => JobSender | null;
  /** HMAC key of the download tokens, shared by every API process through the database. */
  tokenKey: Buffer;
};

export async function createVaultExportServices(deps: {
  database: Database;
  jobs: () => JobSender | null;
}): Promise<VaultExportServices> {
  const tokenKey = Buffer.from(
    await loadOrCreateSecret(deps.database, 'vault_export_token_key', () =>
      crypto.randomBytes(32).toString('base64'),
    ),
    'base64',
  );
  return { ...deps, tokenKey };
}
