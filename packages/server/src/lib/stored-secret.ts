import type { Database } from '../db/database';

/**
 * A secret made once and shared by every API process (signing keys, cookie keys, HMAC keys):
 * the first process to start stores it; the others, and later starts, read the same value.
 */
export async function loadOrCreateSecret<T>(
  database: Database,
  name: string,
  create: () => T,
): Promise<T> {
  const read = () =>
    database.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', name)
      .executeTakeFirst();
  const existing = await read();
  if (existing) return existing.value as T;
  await database.db
    .insertInto('server_secrets')
    .values({ name, value: JSON.stringify(create()) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const stored = await read();
  if (!stored) throw new Error(`server secret ${name} could not be stored`);
  return stored.value as T;
}
