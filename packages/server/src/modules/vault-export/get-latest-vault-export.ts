import type { VaultExport } from '@dilosi/domain';
import { toApiVaultExport } from './to-api-vault-export';
import { expireIfDue } from './vault-export-queries';
import type { VaultExportServices } from './vault-export-services';

/** GET /api/vault/exports/latest: the citizen's newest export with its progress, or null. */
export async function getLatestVaultExport(
  services: VaultExportServices,
  input: { ownerId: string },
): Promise<VaultExport | null> {
  const { db } = services.database;
  const row = await db
    .selectFrom('vault_exports')
    .selectAll()
    .where('owner_id', '=', input.ownerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return null;
  return toApiVaultExport(await expireIfDue(db, row), services.tokenKey);
}
