import { now } from '../../clock';
import type { Database } from '../../db/database';
import { expireIfDue } from './vault-export-queries';

/** Hourly: ready exports past their expiry lose their ZIP (rows stay, marked expired). */
export async function expireVaultExports(database: Database): Promise<number> {
  const due = await database.db
    .selectFrom('vault_exports')
    .selectAll()
    .where('state', '=', 'ready')
    .where('expires_at', '<=', now())
    .limit(1000)
    .execute();
  for (const row of due) await expireIfDue(database.db, row);
  return due.length;
}
