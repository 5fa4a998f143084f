import {
  transition,
  vaultExportMachine,
  type VaultExportEvent,
  type VaultExportState,
} from '@dilosi/domain';
import type { Kysely, Selectable } from 'kysely';
import { now } from '../../clock';
import type { DB, VaultExportsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Queryable } from '../../db/queryable';

export type VaultExportRow = Selectable<VaultExportsTable>;

/** How long a ready export can be downloaded. */
export const VAULT_EXPORT_TTL_MS = 24 * 3600 * 1000;

/**
 * The documents an export holds: every issued or revoked document of the citizen with its PDF —
 * their own (not those they wrote as staff on behalf of an entity, whose author is also
 * `owner_id`) and those an entity issued to them.
 */
export function exportableDocuments(db: Queryable, ownerId: string) {
  return db
    .selectFrom('documents')
    .innerJoin('document_pdfs', 'document_pdfs.document_id', 'documents.id')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('documents.owner_id', '=', ownerId),
          eb('documents.issuer_entity_id', 'is', null),
        ]),
        eb.and([
          eb('documents.recipient_user_id', '=', ownerId),
          eb('documents.issuer_entity_id', 'is not', null),
        ]),
      ]),
    )
    .where('documents.state', 'in', ['issued', 'revoked'])
    .where('documents.reference_code', 'is not', null);
}

/**
 * Moves an export through the vault-export machine (the only way its state changes), with the
 * other columns of the move. Refused by the machine: 409 action_not_allowed_on_state.
 */
export async function moveVaultExport(
  db: Queryable,
  row: Pick<VaultExportRow, 'id' | 'state'>,
  event: VaultExportEvent,
  changes: {
    done?: number;
    total?: number;
    size?: number;
    sha256?: string;
    expires_at?: Date | null;
  } = {},
): Promise<VaultExportState> {
  const moved = transition(vaultExportMachine, row.state, event);
  if (!moved.ok || moved.state === null) throw new AppError(409, 'action_not_allowed_on_state');
  await db
    .updateTable('vault_exports')
    .set({ state: moved.state, updated_at: now(), ...changes })
    .where('id', '=', row.id)
    .where('state', '=', row.state)
    .execute();
  return moved.state;
}

/**
 * A ready export past its expiry becomes expired and its ZIP goes, whoever notices first (a
 * read, a download, or the hourly job); the row stays so the page can say so.
 */
export async function expireIfDue(db: Kysely<DB>, row: VaultExportRow): Promise<VaultExportRow> {
  if (row.state !== 'ready' || !row.expires_at || new Date(row.expires_at) > now()) return row;
  const state = await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('vault_export_chunks').where('export_id', '=', row.id).execute();
    return moveVaultExport(trx, row, 'expire');
  });
  return { ...row, state };
}
