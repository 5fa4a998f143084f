import type { Kysely } from 'kysely';
import type { DB } from './schema';

/** A handle for queries: the database, or the transaction the caller opened. */
export type Queryable = Kysely<DB>;
