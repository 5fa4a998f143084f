import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from './database';
import { isStalePlanError, StatementNames } from './prepared-statements';

describe('StatementNames', () => {
  it('names a text the second time it comes, and keeps that name', () => {
    const names = new StatementNames();
    expect(names.nameFor('select 1 where $1')).toBeUndefined();
    const name = names.nameFor('select 1 where $1');
    expect(name).toMatch(/^dilosi_\d+$/);
    expect(names.nameFor('select 1 where $1')).toBe(name);
    expect(names.nameFor('select 2 where $1')).toBeUndefined();
    expect(names.nameFor('select 2 where $1')).not.toBe(name);
  });

  it('names at most `limit` texts and counts at most `trackLimit`', () => {
    const names = new StatementNames(2, 3);
    for (const text of ['a', 'b', 'c', 'd']) names.nameFor(text);
    // 'd' was not counted (three texts tracked already), so it stays unnamed the second time.
    expect(names.nameFor('d')).toBeUndefined();
    expect(names.nameFor('a')).toBe('dilosi_0');
    expect(names.nameFor('b')).toBe('dilosi_1');
    expect(names.nameFor('c')).toBeUndefined();
    expect(names.size).toBe(2);
  });

  it('gives a stale text a name never used before', () => {
    const names = new StatementNames();
    names.nameFor('x');
    const first = names.nameFor('x');
    const second = names.rename('x');
    expect(second).not.toBe(first);
    expect(names.nameFor('x')).toBe(second);
  });

  it('does not name texts longer than maxTextLength, and renames past the limit', () => {
    const names = new StatementNames(1, 10, 20);
    const long = `select ${'x'.repeat(30)}`;
    names.nameFor(long);
    expect(names.nameFor(long)).toBeUndefined();
    names.nameFor('a');
    expect(names.nameFor('a')).toBe('dilosi_0');
    names.nameFor('b');
    expect(names.nameFor('b')).toBeUndefined();
    // A stale text is never left without a name, even with the limit reached.
    expect(names.rename('a')).toBe('dilosi_1');
    expect(names.nameFor('a')).toBe('dilosi_1');
  });

  it('recognises PostgreSQL refusing a plan whose columns changed, and nothing else', () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), {
      code: '0A000',
    });
    expect(isStalePlanError(stale)).toBe(true);
    // Under another lc_messages the text is translated; the routine is not.
    const translated = Object.assign(new Error('le plan en cache ne doit pas changer'), {
      code: '0A000',
      routine: 'RevalidateCachedQuery',
    });
    expect(isStalePlanError(translated)).toBe(true);
    expect(isStalePlanError(Object.assign(new Error('other'), { code: '0A000' }))).toBe(false);
    expect(isStalePlanError(new Error('cached plan must not change result type'))).toBe(false);
  });
});

// Through Kysely on the engine the run uses: a repeated statement becomes a prepared one on its
// connection (pg's on PostgreSQL, pglite-protocol.ts on PGlite), and a table changed under it is
// answered with its new columns.
describe('named prepared statements through Kysely', () => {
  const url = process.env.TEST_DATABASE_URL;
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  let database: Database;

  beforeAll(async () => {
    database = url
      ? await openDatabase({ kind: 'postgres', connectionString: url, schema, poolSize: 1 })
      : await openDatabase({ kind: 'pglite' });
    await database.exec('create table probe (a integer not null)');
    await database.exec('insert into probe (a) values (1), (2)');
  });
  afterAll(async () => {
    await database.close();
    if (url) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  const readProbe = (db: Database['db']) =>
    sql<Record<string, number>>`select * from probe where a = ${1}`.execute(db);

  it(
    url
      ? 'on PostgreSQL, the second run of a text is a prepared statement of its connection'
      : 'on PGlite, the second run of a text is a prepared statement',
    async () => {
      for (let i = 0; i < 3; i += 1) {
        expect((await readProbe(database.db)).rows).toEqual([{ a: 1 }]);
      }
      const prepared = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements where statement like ${'%from probe%'}`.execute(
        database.db,
      );
      expect(prepared.rows.map((row) => row.statement)).toEqual([
        'select * from probe where a = $1',
      ]);
    },
  );

  it(
    url
      ? 'on PostgreSQL, raw SQL with parameters (the session look-up) is prepared on its second run, and answers a column added under its select *'
      : 'on PGlite, raw SQL with parameters is prepared, and answers a column added under its select *',
    async () => {
      await database.exec('create table probe_raw (a integer not null)');
      await database.exec('insert into probe_raw (a) values (1), (2)');
      const text = 'select * from probe_raw where a = $1';
      for (let i = 0; i < 3; i += 1) {
        expect((await database.query(text, [2])).rows).toEqual([{ a: 2 }]);
      }
      const prepared = await database.query<{ statement: string }>(
        'select statement from pg_prepared_statements where statement = $1',
        [text],
      );
      expect(prepared.rows).toEqual([{ statement: text }]);
      await database.exec('alter table probe_raw add column b integer not null default 7');
      expect((await database.query(text, [2])).rows).toEqual([{ a: 2, b: 7 }]);
    },
  );

  it(`on ${url ? 'PostgreSQL' : 'PGlite'}, a column added under a prepared select * is answered (retried under a new name); inside a transaction the transaction fails once`, async () => {
    await database.exec('alter table probe add column b integer not null default 7');
    expect((await readProbe(database.db)).rows).toEqual([{ a: 1, b: 7 }]);

    await database.exec('alter table probe add column c integer not null default 8');
    const inTransaction = database.db.transaction().execute(async (trx) => readProbe(trx));
    await expect(inTransaction).rejects.toSatisfy(isStalePlanError);
    // The next call (the connection back in the pool) prepares the text afresh.
    expect((await readProbe(database.db)).rows).toEqual([{ a: 1, b: 7, c: 8 }]);
    const inTransactionAgain = await database.db
      .transaction()
      .execute(async (trx) => readProbe(trx));
    expect(inTransactionAgain.rows).toEqual([{ a: 1, b: 7, c: 8 }]);
  });

  it(
    url
      ? 'on PostgreSQL with preparedStatements off (DATABASE_PREPARED_STATEMENTS=false), nothing is prepared, named queries included'
      : 'on PGlite, each text is prepared once, under one name (the switch is for PostgreSQL poolers)',
    async () => {
      const plain = url
        ? await openDatabase({
            kind: 'postgres',
            connectionString: url,
            schema,
            poolSize: 1,
            preparedStatements: false,
          })
        : database;
      try {
        for (let i = 0; i < 3; i += 1) {
          expect((await readProbe(plain.db)).rows).toEqual([{ a: 1, b: 7, c: 8 }]);
          const named = await plain.query('select a from probe where a = $1', [2], {
            name: 'probe_lookup',
          });
          expect(named.rows).toEqual([{ a: 2 }]);
        }
        const prepared = await plain.query<{ statement: string }>(
          'select statement from pg_prepared_statements order by statement',
        );
        expect(prepared.rows.map((row) => row.statement)).toEqual(
          url
            ? []
            : [
                'select * from probe where a = $1',
                'select * from probe_raw where a = $1',
                'select a from probe where a = $1',
              ],
        );
      } finally {
        if (plain !== database) await plain.close();
      }
    },
  );

  it(
    url
      ? 'on PostgreSQL, a text first named inside a failed transaction is prepared again afterwards'
      : 'on PGlite, a statement after a failed transaction answers',
    async () => {
      const text = (db: Database['db']) =>
        sql<{ a: number }>`select a from probe where a = ${2} and b = ${7}`.execute(db);
      expect((await text(database.db)).rows).toEqual([{ a: 2 }]);
      await expect(
        database.db.transaction().execute(async (trx) => {
          await sql`select 1 / ${0}::integer`.execute(trx).catch(() => undefined);
          // Named for the first time here: PostgreSQL refuses to parse it (the transaction has
          // failed), so it was never prepared on this connection.
          return text(trx);
        }),
      ).rejects.toThrow(/current transaction is aborted/);
      expect((await text(database.db)).rows).toEqual([{ a: 2 }]);
      expect((await text(database.db)).rows).toEqual([{ a: 2 }]);
    },
  );

  it(
    url
      ? 'on PostgreSQL, a value pg cannot send leaves the text usable: the next call prepares it under a new name'
      : 'on PGlite, a BigInt in a JSON value is sent, and the text keeps answering',
    async () => {
      const lookup = (db: Database['db'], value: unknown) =>
        sql<{ v: string }>`select ${value}::jsonb ->> 'v' as v from probe where a = ${1}`.execute(
          db,
        );
      expect((await lookup(database.db, { v: 'one' })).rows).toEqual([{ v: 'one' }]);
      expect((await lookup(database.db, { v: 'two' })).rows).toEqual([{ v: 'two' }]);
      if (url) {
        // pg's JSON.stringify refuses a BigInt: the statement fails before it reaches the server.
        await expect(lookup(database.db, { v: 1n })).rejects.toThrow(/BigInt/);
      } else {
        // PGlite's own serializer writes it.
        expect((await lookup(database.db, { v: 1n })).rows).toEqual([{ v: '1' }]);
      }
      expect((await lookup(database.db, { v: 'three' })).rows).toEqual([{ v: 'three' }]);
      expect((await lookup(database.db, { v: 'four' })).rows).toEqual([{ v: 'four' }]);
    },
  );

  it(
    url
      ? 'on PostgreSQL, after a transaction has ended on the connection, a stale plan outside one is run again'
      : 'on PGlite, a column added after a transaction is answered',
    async () => {
      await database.exec('create table probe_tx (a integer not null)');
      await database.exec('insert into probe_tx (a) values (1)');
      const read = (db: Database['db']) =>
        sql<Record<string, number>>`select * from probe_tx where a = ${1}`.execute(db);
      await read(database.db);
      expect((await database.db.transaction().execute((trx) => read(trx))).rows).toEqual([
        { a: 1 },
      ]);
      await database.exec('alter table probe_tx add column z integer not null default 5');
      expect((await read(database.db)).rows).toEqual([{ a: 1, z: 5 }]);
    },
  );

  it(
    url
      ? 'on PostgreSQL, a prepared statement asks for its row description once per connection; rows, nulls, statements without rows and a changed table still answer'
      : 'on PGlite, repeated statements answer their rows, nulls and statements without rows',
    async () => {
      await database.exec('create table probe_shape (a integer not null, b text, c jsonb)');
      const describe = vi.spyOn(
        (pg as unknown as { Connection: { prototype: { describe(): void } } }).Connection.prototype,
        'describe',
      );
      try {
        const read = (db: Database['db'], min: number) =>
          sql<{
            a: number;
            b: string | null;
            c: unknown;
          }>`select * from probe_shape where a >= ${min} order by a`.execute(db);
        const insert = (db: Database['db'], a: number, b: string | null) =>
          sql`insert into probe_shape (a, b, c) values (${a}, ${b}, ${JSON.stringify({ a })})`.execute(
            db,
          );
        for (let i = 1; i <= 5; i += 1) {
          await insert(database.db, i, i % 2 === 0 ? null : `b${i}`);
          const { rows } = await read(database.db, i - 1);
          expect(rows.at(-1)).toEqual({ a: i, b: i % 2 === 0 ? null : `b${i}`, c: { a: i } });
          expect(rows).toHaveLength(i === 1 ? 1 : 2);
        }
        // Inside a transaction too.
        const inTransaction = await database.db.transaction().execute((trx) => read(trx, 4));
        expect(inTransaction.rows.map((row) => row.a)).toEqual([4, 5]);
        const describedReads = describe.mock.calls.length;
        if (url) {
          // Runs 1 (unnamed) and 2 (prepared) of the read and every insert (no rows: nothing kept).
          expect(describedReads).toBe(2 + 5);
        }
        await database.exec('alter table probe_shape add column d integer not null default 4');
        expect((await read(database.db, 5)).rows).toEqual([{ a: 5, b: 'b5', c: { a: 5 }, d: 4 }]);
        expect((await read(database.db, 5)).rows).toEqual([{ a: 5, b: 'b5', c: { a: 5 }, d: 4 }]);
        if (url) {
          // The stale name fails at once (no description asked); its new name asks once.
          expect(describe.mock.calls.length).toBe(describedReads + 1);
        }
        // A name of the caller's (the validation look-up's form), three runs: described once.
        const described = describe.mock.calls.length;
        for (let i = 0; i < 3; i += 1) {
          const named = await database.query(
            'select a, b from probe_shape where a = $1',
            [i === 1 ? 2 : 5],
            { name: 'probe_shape_lookup' },
          );
          expect(named.rows).toEqual([i === 1 ? { a: 2, b: null } : { a: 5, b: 'b5' }]);
        }
        if (url) expect(describe.mock.calls.length).toBe(described + 1);
      } finally {
        describe.mockRestore();
      }
    },
  );
  it(
    url
      ? "on PostgreSQL, a transaction's begin goes out with its first statement (one round trip less); a rollback still undoes it, an empty transaction sends nothing, a failed first statement leaves the connection usable"
      : 'on PGlite, transactions commit, roll back, and survive a failed first statement',
    async () => {
      await database.exec('create table probe_begin (a integer not null)');
      const connection = (pg as unknown as { Connection: { prototype: object } }).Connection
        .prototype as { sync(): void; query(text: string): void };
      // A round trip ends with a Sync (extended protocol) or is a simple Query.
      const syncs = vi.spyOn(connection, 'sync');
      const simple = vi.spyOn(connection, 'query');
      const roundTrips = () => syncs.mock.calls.length + simple.mock.calls.length;
      const insert = (db: Database['db'], a: number | null) =>
        sql`insert into probe_begin (a) values (${a})`.execute(db);
      const count = async () =>
        Number(
          (
            await sql<{ n: string }>`select count(*) as n from probe_begin where a > ${0}`.execute(
              database.db,
            )
          ).rows[0]?.n,
        );
      try {
        // Prepared texts first, so that what follows counts the same statements every time.
        await insert(database.db, 1);
        await insert(database.db, 1);
        const before = roundTrips();
        await database.db.transaction().execute(async (trx) => {
          await insert(trx, 2);
          await insert(trx, 3);
        });
        // begin + insert, insert, commit: 3 (4 with the begin on its own).
        if (url) expect(roundTrips() - before).toBe(3);
        expect(await count()).toBe(4);

        await expect(
          database.db.transaction().execute(async (trx) => {
            await insert(trx, 4);
            throw new Error('changed my mind');
          }),
        ).rejects.toThrow('changed my mind');
        expect(await count()).toBe(4);

        const idle = roundTrips();
        expect(await database.db.transaction().execute(async () => 'nothing')).toBe('nothing');
        if (url) expect(roundTrips()).toBe(idle);

        await expect(
          database.db.transaction().execute(async (trx) => {
            await insert(trx, null);
            await insert(trx, 5);
          }),
        ).rejects.toThrow(/null value/);
        expect(await count()).toBe(4);
        await database.db.transaction().execute((trx) => insert(trx, 6));
        expect(await count()).toBe(5);

        // A first statement without parameters (the simple protocol) and one with, sent at once:
        // both inside the transaction, undone by its rollback.
        await expect(
          database.db.transaction().execute(async (trx) => {
            await Promise.all([
              sql`insert into probe_begin (a) values (7)`.execute(trx),
              insert(trx, 8),
            ]);
            throw new Error('undo both');
          }),
        ).rejects.toThrow('undo both');
        expect(await count()).toBe(5);
        await database.db.transaction().execute(async (trx) => {
          await sql`insert into probe_begin (a) values (9)`.execute(trx);
        });
        expect(await count()).toBe(6);
      } finally {
        syncs.mockRestore();
        simple.mockRestore();
      }
    },
  );
});
