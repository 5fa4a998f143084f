import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * The next tsid of a citizen message: milliseconds × 1000 + a sequence, so it only grows (the
 * citizen's polling cursor). Every writer of `citizen_messages` takes its tsid from here.
 */
export async function nextTsid(trx: Kysely<DB>, at: Date): Promise<string> {
  const { rows } = await sql<{
    n: string;
  }>`select nextval('citizen_message_tsid_seq') as n`.execute(trx);
  return String(BigInt(at.getTime()) * 1000n + (BigInt(rows[0]?.n ?? 0) % 1000n));
}
