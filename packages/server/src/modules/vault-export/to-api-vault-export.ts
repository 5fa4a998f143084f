import type { VaultExport } from '@dilosi/domain';
import { exportDownloadUrl, signExportToken } from './vault-export-token';
import type { VaultExportRow } from './vault-export-queries';

const iso = (value: Date | string) => new Date(value).toISOString();

/** The answer's shape; the download address only while the ZIP is ready. */
export function toApiVaultExport(row: VaultExportRow, tokenKey: Buffer): VaultExport {
  const isReady = row.state === 'ready' && row.expires_at !== null;
  return {
    id: row.id,
    state: row.state,
    done: row.done,
    total: row.total,
    created_at: iso(row.created_at),
    expires_at: row.expires_at ? iso(row.expires_at) : null,
    download_url:
      isReady && row.expires_at
        ? exportDownloadUrl(signExportToken(tokenKey, row.id, new Date(row.expires_at)))
        : null,
  };
}
