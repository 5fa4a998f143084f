import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { cachedStatement } from './cached-statement';
import { migrate } from './migrate';

// Statements compiled once and run with each call's values, on the engine the suite runs on.
describe('cachedStatement', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    await migrate(database);
  });
  afterAll(() => database.drop());

  const insertSecret = cachedStatement(
    (db, { name, value, at }: { name: string; value: string; at: Date }) =>
      db
        .insertInto('server_secrets')
        .values({ name, value, created_at: at })
        .returning(['name', 'created_at']),
  );
  const secretNamed = cachedStatement((db, { name }: { name: string }) =>
    db
      .selectFrom('server_secrets')
      .select(['name', 'value'])
      .where('name', '=', name)
      .where('name', '<>', 'never-this-literal'),
  );

  it('runs one text with each call’s values, literals kept', async () => {
    const first = new Date('2026-11-27T10:00:00.000Z');
    const second = new Date('2026-11-27T11:00:00.000Z');
    const a = await insertSecret.executeTakeFirst(database.db, {
      name: 'cached-a',
      value: JSON.stringify({ n: 1 }),
      at: first,
    });
    const b = await insertSecret.executeTakeFirst(database.db, {
      name: 'cached-b',
      value: JSON.stringify({ n: 2 }),
      at: second,
    });
    expect(a).toEqual({ name: 'cached-a', created_at: first });
    expect(b).toEqual({ name: 'cached-b', created_at: second });
    expect(await secretNamed.execute(database.db, { name: 'cached-b' })).toEqual([
      { name: 'cached-b', value: { n: 2 } },
    ]);
    expect(await secretNamed.executeTakeFirst(database.db, { name: 'none' })).toBeUndefined();
    // The same text Kysely writes for the statement built with the values themselves.
    expect(secretNamed.text(database.db)).toBe(
      database.db
        .selectFrom('server_secrets')
        .select(['name', 'value'])
        .where('name', '=', 'x')
        .where('name', '<>', 'never-this-literal')
        .compile().sql,
    );
  });

  it('runs inside a transaction, which rolls its writes back', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertSecret.execute(trx, { name: 'cached-c', value: '1', at: new Date() });
        expect(await secretNamed.executeTakeFirst(trx, { name: 'cached-c' })).toBeDefined();
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await secretNamed.executeTakeFirst(database.db, { name: 'cached-c' })).toBeUndefined();
  });

  it('runs a sql template with the values of each call', async () => {
    const sum = cachedStatement(
      (_db, { a, b }: { a: number; b: number }) =>
        sql<{ total: number }>`select (${a}::int + ${b}::int) as total`,
    );
    expect(await sum.executeTakeFirst(database.db, { a: 2, b: 3 })).toEqual({ total: 5 });
    expect(await sum.executeTakeFirst(database.db, { a: 40, b: 2 })).toEqual({ total: 42 });
  });

  it('counts the rows a write changed', async () => {
    const rename = cachedStatement((db, { from, to }: { from: string; to: string }) =>
      db.updateTable('server_secrets').set({ name: to }).where('name', '=', from),
    );
    expect(await rename.numAffectedRows(database.db, { from: 'cached-a', to: 'cached-d' })).toBe(
      1n,
    );
    expect(await rename.numAffectedRows(database.db, { from: 'cached-a', to: 'cached-e' })).toBe(
      0n,
    );
  });

  it('refuses a missing value instead of sending null', async () => {
    await expect(
      secretNamed.execute(database.db, { name: undefined as unknown as string }),
    ).rejects.toThrow('no value for "name"');
  });

  it('refuses a value read but not placed, made into text, spread or tested, and an object built into the text', () => {
    const branching = cachedStatement((db, { name }: { name: string }) =>
      db
        .selectFrom('server_secrets')
        .select('name')
        .where('name', '=', `${String(name).length > 3 ? 'long' : 'short'}`),
    );
    expect(() => branching.text(database.db)).toThrow('"name" must be placed as a value');
    const unplaced = cachedStatement((db, values: { name: string; kind: string }) =>
      db
        .selectFrom('server_secrets')
        .select('name')
        .where('name', '=', values.kind === values.name ? 'same' : 'other'),
    );
    expect(() => unplaced.text(database.db)).toThrow('was read but not placed');
    const frozenClock = cachedStatement((db, { name }: { name: string }) =>
      db
        .selectFrom('server_secrets')
        .select('name')
        .where('name', '=', name)
        .where('created_at', '<', new Date()),
    );
    expect(() => frozenClock.text(database.db)).toThrow('an object built into the text');
    const asText = cachedStatement((db, values: { name: string; other: string }) =>
      db
        .selectFrom('server_secrets')
        .select('name')
        .where('name', '=', values.name)
        .where('name', '<>', `${values.other}-suffix`),
    );
    expect(() => asText.text(database.db)).toThrow('"other" must be placed as a value');
    const spread = cachedStatement((db, values: { name: string }) =>
      db
        .updateTable('server_secrets')
        .set({ ...values })
        .where('name', '=', 'x'),
    );
    expect(() => spread.text(database.db)).toThrow('cannot be listed or spread');
    const tested = cachedStatement((db, values: { name: string }) =>
      db
        .selectFrom('server_secrets')
        .select('name')
        .where('name', '=', 'name' in values ? values.name : 'x'),
    );
    expect(() => tested.text(database.db)).toThrow('cannot be tested');
    const inSql = cachedStatement((db, { name }: { name: string }) =>
      db
        .selectFrom('server_secrets')
        .select('name')
        .where(sql<boolean>`name = ${name}`),
    );
    expect(inSql.text(database.db)).toContain('name = $1');
  });
});
