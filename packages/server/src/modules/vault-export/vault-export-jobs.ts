import type { Database } from '../../db/database';
import { defineJob } from '../../jobs/job';
import { buildVaultExport } from './build-vault-export';
import { expireVaultExports } from './expire-vault-exports';

/** A citizen's vault export: the ZIP of their sealed PDFs and manifest (issue #15). */
export const vaultExportJob = defineJob({
  name: 'vault-export',
  retryLimit: 2,
  async handle(payload, { database }: { database: Database }) {
    await buildVaultExport(database, payload.export_id);
  },
});

/** Hourly: the ZIPs of exports past their 24 hours go. */
export const vaultExportExpiryJob = defineJob({
  name: 'vault-export-expiry',
  cron: '41 * * * *',
  retryLimit: 0,
  async handle(_payload, { database }: { database: Database }) {
    await expireVaultExports(database);
  },
});
