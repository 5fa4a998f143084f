import { CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The `db` send option that makes pg-boss insert a job on the caller's transaction: the job
 * commits (or rolls back) with the rows it is about.
 */
export const inTransaction = (trx: Kysely<DB>) => ({
  executeSql: async (text: string, values?: unknown[]) => {
    const result = await trx.executeQuery(CompiledQuery.raw(text, values ?? []));
    return { rows: result.rows };
  },
});
