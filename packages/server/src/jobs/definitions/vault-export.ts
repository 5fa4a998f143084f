import { buildVaultExport, expireVaultExports } from '../../modules/vault-export';
import { defineJob } from '../job';

/** A citizen's vault export: the ZIP of their sealed PDFs and manifest (issue #15). */
export const vaultExportJob = defineJob({
  name: 'vault-export',
  retryLimit: 2,
  async handle(payload, { database }) {
    await buildVaultExport(database, payload.export_id);
  },
});

/** Hourly: the ZIPs of exports past their 24 hours go. */
export const vaultExportExpiryJob = defineJob({
  name: 'vault-export-expiry',
  cron: '41 * * * *',
  retryLimit: 0,
  async handle(_payload, { database }) {
    await expireVaultExports(database);
  },
});
