import { PGlite } from '@electric-sql/pglite';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { PgliteStatements } from './pglite-protocol';
import { StatementNames } from './prepared-statements';

// The wire protocol spoken to PGlite directly (pglite-protocol.ts) must answer exactly as
// `PGlite.query` does, with the same serializers and parsers, while preparing repeated texts.
describe('PgliteStatements', () => {
  let pglite: PGlite;
  let statements: PgliteStatements;

  beforeAll(async () => {
    pglite = await PGlite.create();
    statements = new PgliteStatements(pglite);
    await pglite.exec(`
      create table sample (
        id integer primary key,
        name text,
        big bigint,
        amount numeric,
        ratio double precision,
        flag boolean,
        born date,
        at timestamptz,
        data jsonb,
        tags text[],
        numbers integer[],
        pdf bytea,
        code uuid
      );
      create unique index sample_name on sample (name);
    `);
  });
  afterAll(async () => {
    await pglite.close();
  });

  const pdf = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256);
  const insert = `insert into sample (id, name, big, amount, ratio, flag, born, at, data, tags, numbers, pdf, code)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`;
  const rows: unknown[][] = [
    [
      1,
      'Δήλωση «ελληνικά» 😀',
      '9007199254740993',
      '12.50',
      0.25,
      true,
      '2024-02-29',
      new Date('2026-11-26T10:00:00.123Z'),
      { nested: { list: [1, 'two', null] }, ok: true },
      ['a', 'b "quoted"', 'c,d', 'ε'],
      [1, 2, 3],
      pdf,
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    ],
    [2, null, null, null, null, false, null, null, null, [], null, new Uint8Array(0), null],
  ];

  it('writes and reads every type as PGlite.query does (bytea in binary both ways)', async () => {
    for (const row of rows) await statements.query(insert, row);
    const select = 'select * from sample where id = any($1) order by id';
    const ours = await statements.query(select, [[1, 2]]);
    const theirs = await pglite.query(select, [[1, 2]]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows).toHaveLength(2);
    const first = ours.rows[0] as Record<string, unknown>;
    expect(first.pdf).toBeInstanceOf(Uint8Array);
    expect(Buffer.compare(Buffer.from(first.pdf as Uint8Array), Buffer.from(pdf))).toBe(0);
    expect(first.at).toEqual(new Date('2026-11-26T10:00:00.123Z'));
    expect(first.tags).toEqual(['a', 'b "quoted"', 'c,d', 'ε']);
    expect(first.name).toBe('Δήλωση «ελληνικά» 😀');
    // The same text again runs as a prepared statement and answers the same.
    expect((await statements.query(select, [[1, 2]])).rows).toEqual(theirs.rows);
    expect((await statements.query(select, [[1, 2]])).rows).toEqual(theirs.rows);
    const prepared = await pglite.query<{ statement: string }>(
      'select statement from pg_prepared_statements',
    );
    expect(prepared.rows.map((row) => row.statement)).toContain(select);
  });

  it('reads and writes values larger than its buffers (several MB), then small ones', async () => {
    const large = 'x'.repeat(3_000_000);
    const { rows: answer } = await statements.query<{ v: string }>('select $1::text as v', [large]);
    expect(answer[0]?.v).toHaveLength(3_000_000);
    const { rows: small } = await statements.query<{ v: string }>('select $1::text as v', ['y']);
    expect(small).toEqual([{ v: 'y' }]);
    // A large parameter (an uploaded file) in binary, read back, then a small one.
    const file = Uint8Array.from({ length: 3_000_000 }, (_, i) => (i * 7) % 256);
    const { rows: echoed } = await statements.query<{ b: Uint8Array }>('select $1::bytea as b', [
      file,
    ]);
    expect(Buffer.compare(Buffer.from(echoed[0]!.b), Buffer.from(file))).toBe(0);
    const { rows: tiny } = await statements.query<{ b: Uint8Array }>('select $1::bytea as b', [
      new Uint8Array([9]),
    ]);
    expect(tiny).toEqual([{ b: new Uint8Array([9]) }]);
    // Neither the 3 MB message nor the 3 MB answer stays referenced.
    expect(statements.retainedBytes).toBeLessThan(1024 * 1024);
  });

  it('counts the rows a write touched, and none for a select', async () => {
    const update = await statements.query('update sample set flag = $1 where id > $2', [true, 0]);
    expect(update.affectedRows).toBe(2);
    const select = await statements.query('select id from sample where id = $1', [1]);
    expect(select.affectedRows).toBeUndefined();
    const none = await statements.query('delete from sample where id = $1', [99]);
    expect(none.affectedRows).toBe(0);
  });

  it("answers PostgreSQL's error with its fields and the statement, and keeps answering", async () => {
    const duplicate = statements.query('insert into sample (id, name) values ($1, $2)', [3, null]);
    await expect(duplicate).resolves.toBeDefined();
    const error = await statements
      .query('insert into sample (id, name) values ($1, $2)', [4, rows[0]![1]])
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: '23505',
      constraint: 'sample_name',
      table: 'sample',
      severity: 'ERROR',
      query: 'insert into sample (id, name) values ($1, $2)',
    });
    expect((error as Error).message).toMatch(/duplicate key/);
    await expect(statements.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' });
    const { rows: after } = await statements.query(
      'select count(*)::int as n from sample where id < $1',
      [10],
    );
    expect(after).toEqual([{ n: 3 }]);
  });

  it('keeps the first result of a text without parameters (simple protocol), rows affected added up', async () => {
    const answer = await statements.query<{ n: number }>(
      'update sample set flag = false where id = 1; select 7::int8 as n',
    );
    expect(answer.rows).toEqual([]);
    expect(answer.affectedRows).toBe(1);
    const select = await statements.query<{ n: number; d: string }>(
      "select 7::int8 as n, '2024-01-02'::date as d, '\\x0102'::bytea as b",
    );
    // PGlite's parsers as configured: here its defaults (int8 → number, date → Date, bytea).
    const theirs = await pglite.query(
      "select 7::int8 as n, '2024-01-02'::date as d, '\\x0102'::bytea as b",
    );
    expect(select.rows).toEqual(theirs.rows);
  });

  it('prepares a statement again when it was deallocated, outside a transaction', async () => {
    const text = 'select name from sample where id = $1';
    await statements.query(text, [1]);
    await statements.query(text, [1]);
    await pglite.exec('deallocate all');
    expect((await statements.query(text, [1])).rows).toEqual([{ name: rows[0]![1] }]);
    expect((await statements.query(text, [1])).rows).toEqual([{ name: rows[0]![1] }]);
  });

  it('answers a select * whose table changed, and closes the stale statement', async () => {
    await pglite.exec('create table changing (a integer)');
    await pglite.exec('insert into changing values (1)');
    const text = 'select * from changing where a = $1';
    await statements.query(text, [1]);
    expect((await statements.query(text, [1])).rows).toEqual([{ a: 1 }]);
    await pglite.exec('alter table changing add column b text');
    expect((await statements.query(text, [1])).rows).toEqual([{ a: 1, b: null }]);
    // The next statement (without parameters too) carries the Close of the stale name.
    const listed = await statements.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where statement = '${text}'`,
    );
    expect(listed.rows).toEqual([{ n: 1 }]);
  });

  it('runs texts past the limit unnamed, and they answer the same', async () => {
    const other = await PGlite.create();
    try {
      const limited = new PgliteStatements(other, new StatementNames(1));
      for (let i = 0; i < 3; i += 1) {
        expect((await limited.query('select $1::int + 1 as n', [i])).rows).toEqual([{ n: i + 1 }]);
        expect((await limited.query('select $1::int + 2 as n', [i])).rows).toEqual([{ n: i + 2 }]);
      }
      const named = await other.query('select count(*)::int as n from pg_prepared_statements');
      expect(named.rows).toEqual([{ n: 1 }]);
    } finally {
      await other.close();
    }
  });

  it("sends bytea in binary and reads it in binary: PGlite's text codecs are never called", async () => {
    const other = await PGlite.create();
    try {
      const refuse = () => {
        throw new Error('the text codec was used');
      };
      other.parsers[17] = refuse;
      other.serializers[17] = refuse;
      const binary = new PgliteStatements(other);
      for (let i = 0; i < 3; i += 1) {
        const { rows: answer } = await binary.query<{ b: Uint8Array | null; c: Uint8Array | null }>(
          'select $1::bytea as b, $2::bytea as c',
          [new Uint8Array([0, 1, 2, 254]), null],
        );
        expect(answer).toEqual([{ b: new Uint8Array([0, 1, 2, 254]), c: null }]);
      }
    } finally {
      await other.close();
    }
  });

  it('takes more than 32,767 parameters, and refuses more than 65,535 before sending', async () => {
    const values = (count: number) =>
      Array.from({ length: count }, (_, i) => `($${i + 1}::int)`).join(',');
    const many = Array.from({ length: 40_000 }, (_, i) => i);
    const text = `select count(*)::int as n from (values ${values(40_000)}) as v(x)`;
    expect((await statements.query(text, many)).rows).toEqual([{ n: 40_000 }]);
    const tooMany = Array.from({ length: 65_536 }, (_, i) => i);
    await expect(statements.query(`select ${values(65_536)}`, tooMany)).rejects.toThrow(RangeError);
    expect((await statements.query('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
  });

  it('refuses a value its serializer refuses, and the next statements answer', async () => {
    const text = 'select $1::boolean as b';
    await expect(statements.query(text, ['maybe'])).rejects.toThrow(/boolean/);
    expect((await statements.query(text, ['yes'])).rows).toEqual([{ b: true }]);
    await expect(statements.query(text, ['maybe'])).rejects.toThrow(/boolean/);
    expect((await statements.query(text, [false])).rows).toEqual([{ b: false }]);
    // A serializer that hands back a typed array (PGlite's array serializer, for a non-array)
    // sends its bytes, not whatever the buffer held before.
    await statements.query('select $1::text as secret', ['S'.repeat(400)]);
    const error = await statements
      .query('select $1::int2[] as a', [new Int16Array([65, 65])])
      .catch((caught: unknown) => caught as Error);
    expect(String((error as Error).message)).not.toMatch(/SSSS/);
  });

  it('answers jsonb[] and timestamptz[] columns, and a column named __proto__, as PGlite.query does', async () => {
    const text = `select array['{"a":1}'::jsonb, '[2]'::jsonb] as j,
      array['2026-11-26T10:00:00Z'::timestamptz, null] as t,
      '{"x":1}'::jsonb as "__proto__", $1::int as n`;
    const ours = await statements.query<Record<string, unknown>>(text, [1]);
    const theirs = await pglite.query<Record<string, unknown>>(text, [1]);
    expect(ours.rows).toEqual(theirs.rows);
    expect(Object.keys(ours.rows[0]!)).toEqual(['j', 't', '__proto__', 'n']);
    expect(Object.getPrototypeOf(ours.rows[0])).toBe(Object.prototype);
  });

  it('fails a transaction whose prepared select * went stale, then prepares it afresh', async () => {
    await pglite.exec('create table shifting (a integer)');
    await pglite.exec('insert into shifting values (1)');
    const text = 'select * from shifting where a = $1';
    await statements.query(text, [1]);
    await statements.query(text, [1]);
    await pglite.exec('alter table shifting add column b integer default 2');
    await statements.query('begin');
    await expect(statements.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
    await statements.query('rollback');
    expect((await statements.query(text, [1])).rows).toEqual([{ a: 1, b: 2 }]);
    const listed = await statements.query<{ n: number }>(
      `select count(*)::int as n from pg_prepared_statements where statement = '${text}'`,
    );
    expect(listed.rows).toEqual([{ n: 1 }]);
  });

  it('refuses once PGlite is closed', async () => {
    const other = await PGlite.create();
    const closing = new PgliteStatements(other);
    expect((await closing.query('select $1::int as n', [1])).rows).toEqual([{ n: 1 }]);
    await other.close();
    await expect(closing.query('select $1::int as n', [1])).rejects.toThrow(/closed/);
  });
});

// The embedded database's own parsers (database.ts) through the new path and Kysely.
describe('the embedded database through Kysely', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers int8 as a number, date as text, bytea as bytes, in and out of transactions', async () => {
    const read = (db: Database['db']) =>
      sql<{
        n: number;
        d: string;
        b: Uint8Array;
      }>`select ${'5'}::int8 as n, ${'2024-01-02'}::date as d, ${new Uint8Array([1, 2, 255])}::bytea as b`.execute(
        db,
      );
    for (let i = 0; i < 3; i += 1) {
      const { rows } = await read(database.db);
      expect(rows).toEqual([{ n: 5, d: '2024-01-02', b: new Uint8Array([1, 2, 255]) }]);
    }
    const inTransaction = await database.db.transaction().execute((trx) => read(trx));
    expect(inTransaction.rows).toEqual([{ n: 5, d: '2024-01-02', b: new Uint8Array([1, 2, 255]) }]);
  });
});
