import { z } from 'zod';
import { VAULT_EXPORT_STATES } from '../state-machines/vault-export-machine';

/** GET /api/vault/exports/latest and POST /api/vault/exports: one export of the vault. */
export const vaultExportSchema = z.object({
  id: z.string(),
  state: z.enum(VAULT_EXPORT_STATES),
  /** Documents written to the ZIP so far, of `total`. */
  done: z.number().int(),
  total: z.number().int(),
  created_at: z.string(),
  /** When the download link stops working (set once the ZIP is ready). */
  expires_at: z.string().nullable(),
  /** The signed, expiring download address; only while ready. */
  download_url: z.string().nullable(),
});
export type VaultExport = z.infer<typeof vaultExportSchema>;

export const vaultExportResponseSchema = z.object({ data: vaultExportSchema });
export type VaultExportResponse = z.infer<typeof vaultExportResponseSchema>;

/** GET /api/vault/exports/latest when the citizen never asked for one. */
export const vaultExportLatestResponseSchema = z.object({ data: vaultExportSchema.nullable() });
export type VaultExportLatestResponse = z.infer<typeof vaultExportLatestResponseSchema>;

/** One document in the export's manifest.json. */
export type VaultExportManifestEntry = {
  reference_code: string;
  template: { refname: string; version: number };
  state: 'issued' | 'revoked';
  issued_at: string | null;
  file: string;
  sha256: string;
};

/** States in which an export is still being made: a citizen has at most one at a time. */
export const VAULT_EXPORT_ACTIVE_STATES = ['queued', 'running'] as const;
