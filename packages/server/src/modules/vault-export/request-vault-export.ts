import { vaultExportMachine, type VaultExport } from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { toApiVaultExport } from './to-api-vault-export';
import { exportableDocuments, moveVaultExport } from './vault-export-queries';
import type { VaultExportServices } from './vault-export-services';

/**
 * POST /api/vault/exports: queues an export of the citizen's whole vault for the vault-export
 * job. One at a time per citizen: while one is queued or running, 409 vault_export_running
 * (the partial unique index decides when two processes ask at once).
 */
/** An export still queued or running after this long lost its worker (retries spent). */
export const VAULT_EXPORT_STALE_MS = 30 * 60 * 1000;

export async function requestVaultExport(
  services: VaultExportServices,
  input: { ownerId: string },
): Promise<VaultExport> {
  const { db } = services.database;
  const counted = await exportableDocuments(db, input.ownerId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  const at = now();
  // A stuck export (its job gave up, or was never taken) must not block the citizen for ever.
  const stale = await db
    .selectFrom('vault_exports')
    .select(['id', 'state'])
    .where('owner_id', '=', input.ownerId)
    .where('state', 'in', ['queued', 'running'])
    .where('updated_at', '<', new Date(at.getTime() - VAULT_EXPORT_STALE_MS))
    .execute();
  for (const row of stale) await moveVaultExport(db, row, 'fail');
  const row = await db
    .insertInto('vault_exports')
    .values({
      owner_id: input.ownerId,
      state: vaultExportMachine.initial,
      total: Number(counted?.n ?? 0),
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw new AppError(409, 'vault_export_running');
  try {
    await services.jobs()?.send('vault-export', { export_id: row.id });
  } catch (error) {
    // Not queued: failed at once, so the citizen can ask again when the queue is back.
    await moveVaultExport(db, row, 'fail');
    throw error;
  }
  return toApiVaultExport(row, services.tokenKey);
}
