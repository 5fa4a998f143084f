export { buildVaultExport } from './build-vault-export';
export { expireVaultExports } from './expire-vault-exports';
export { vaultExportExpiryJob, vaultExportJob } from './vault-export-jobs';
export { vaultExportRoutes } from './vault-export-routes';
export { createVaultExportServices, type VaultExportServices } from './vault-export-services';
