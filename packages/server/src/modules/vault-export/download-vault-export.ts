import { Readable } from 'node:stream';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { expireIfDue } from './vault-export-queries';
import type { VaultExportServices } from './vault-export-services';
import { verifyExportToken } from './vault-export-token';

/**
 * GET /api/vault/exports/download/{token}: the ZIP, streamed chunk by chunk from the database.
 * The token names the export and its expiry; the session must be the owner's. Tampered, another
 * citizen's, or not ready: 404 not_found; expired: 410 vault_export_expired.
 */
export async function downloadVaultExport(
  services: VaultExportServices,
  input: { ownerId: string; token: string },
): Promise<{ stream: Readable; size: number; sha256: string | null; createdAt: Date }> {
  const { db } = services.database;
  // The signature first (at the epoch, any expiry passes), so an expired link of another
  // citizen's export answers 404 like a forged one.
  const signed = verifyExportToken(services.tokenKey, input.token, new Date(0));
  if (!signed.ok) throw new AppError(404, 'not_found');
  const exportId = signed.documentId;
  const found = await db
    .selectFrom('vault_exports')
    .selectAll()
    .where('id', '=', exportId)
    .where('owner_id', '=', input.ownerId)
    .executeTakeFirst();
  if (!found) throw new AppError(404, 'not_found');
  if (!verifyExportToken(services.tokenKey, input.token, now()).ok) {
    throw new AppError(410, 'vault_export_expired');
  }
  const row = await expireIfDue(db, found);
  if (row.state === 'expired') throw new AppError(410, 'vault_export_expired');
  if (row.state !== 'ready') throw new AppError(404, 'not_found');
  async function* chunks() {
    for (let seq = 0; ; seq += 1) {
      const chunk = await db
        .selectFrom('vault_export_chunks')
        .select('bytes')
        .where('export_id', '=', exportId)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!chunk) return;
      yield Buffer.from(chunk.bytes);
    }
  }
  return {
    stream: Readable.from(chunks()),
    size: Number(row.size ?? 0),
    sha256: row.sha256,
    createdAt: new Date(row.created_at),
  };
}
