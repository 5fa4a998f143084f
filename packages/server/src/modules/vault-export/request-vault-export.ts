import { vaultExportMachine, type VaultExport } from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import { toApiVaultExport } from './to-api-vault-export';
import { VAULT_EXPORT_JOB } from './vault-export-job-name';
import { exportableDocuments } from './vault-export-queries';
import type { VaultExportServices } from './vault-export-services';

/**
 * POST /api/vault/exports: queues an export of the citizen's whole vault for the vault-export
 * job. One at a time per citizen: while one is queued or running, 409 vault_export_running
 * (the partial unique index decides when two processes ask at once).
 */
export async function requestVaultExport(
  services: VaultExportServices,
  input: { ownerId: string },
): Promise<VaultExport> {
  const { db } = services.database;
  const counted = await exportableDocuments(db, input.ownerId)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirst();
  const at = now();
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
  await services.jobs()?.send(VAULT_EXPORT_JOB, { export_id: row.id });
  return toApiVaultExport(row, services.tokenKey);
}
