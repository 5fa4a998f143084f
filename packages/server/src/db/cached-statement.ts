import type { Compilable, CompiledQuery, Kysely, QueryResult, RawBuilder } from 'kysely';
import type { DB } from './schema';

/** Where a value goes in a cached statement's parameters: the caller's, by name, or a constant. */
type Slot = { readonly name: string } | { readonly constant: unknown };

type Compiled = { readonly query: CompiledQuery; readonly slots: readonly Slot[] };

/** A query builder, or a `sql` template. */
type Statement<R> = Compilable<R> | RawBuilder<R>;

/**
 * Stands for a caller's value while the statement is built; never reaches the database. Made
 * into text or JSON (`${value}-suffix`), it would be kept as that text for every call: refused.
 */
class Placeholder {
  constructor(readonly name: string) {}

  [Symbol.toPrimitive](): never {
    throw new TypeError(`cached statement: "${this.name}" must be placed as a value, not read`);
  }

  toJSON(): never {
    return this[Symbol.toPrimitive]();
  }
}

/** What a builder may not do with its values: list, spread or test them (the text would vary). */
function refuse(what: string): never {
  throw new TypeError(`cached statement: the values cannot be ${what}; place each one`);
}

/**
 * A statement whose text does not depend on its values, built and compiled by Kysely once and
 * then run with each call's values. Kysely builds a statement's tree and writes its SQL anew on
 * every call: ~10 µs hot in isolation, 7–8 % of the issuance request thread's profile over an
 * issued document's ~26 statements (docs/performance.md, "Issuance: statements compiled
 * once").
 *
 * `build` receives stand-ins for the values, not the values: it can place them (a `where`
 * operand, a `set` or `values` entry, a `sql` template's value) but cannot branch on them, so
 * the text is the same for every call by construction. The first compilation checks that each
 * stand-in `build` read was placed as a value, and refuses an object written into the statement
 * itself (a `now()` there would be kept from the first call); a call with an undefined value is
 * refused (Kysely would have left that column out of the statement). Literals (strings, numbers)
 * stay as they are, for every call and every app in the process: a setting (a limit from the
 * configuration) must be passed as a value. Lists (`in`) have a varying text: use
 * `= any(…)` with an array value, or an ordinary query.
 *
 * A stand-in cannot be turned into text, listed, spread or tested with `in`; a builder could
 * still branch on one's truthiness (`v.x ? … : …`, always the same branch): don't.
 *
 * Compiled once per opened database (its Kysely adapter), so apps on PGlite and on PostgreSQL in
 * one process each keep their own. Kysely plugins are not for these statements (the app
 * registers none): a plugin would not transform the cached text. For a write without
 * `returning`, `numAffectedRows` answers; `execute` answers no rows.
 */
export class CachedStatement<P extends Record<string, unknown>, R> {
  private readonly compiled = new WeakMap<object, Compiled>();

  constructor(private readonly build: (db: Kysely<DB>, values: P) => Statement<R>) {}

  /** The rows the statement answers (none for a write without `returning`). */
  async execute(db: Kysely<DB>, values: P): Promise<R[]> {
    return (await this.run(db, values)).rows;
  }

  /** The first row, or undefined. */
  async executeTakeFirst(db: Kysely<DB>, values: P): Promise<R | undefined> {
    return (await this.run(db, values)).rows[0];
  }

  /** The number of rows a write changed. */
  async numAffectedRows(db: Kysely<DB>, values: P): Promise<bigint> {
    return (await this.run(db, values)).numAffectedRows ?? 0n;
  }

  /** The statement's SQL text (for tests and logs). */
  text(db: Kysely<DB>): string {
    return this.compile(db).query.sql;
  }

  private run(db: Kysely<DB>, values: P): Promise<QueryResult<R>> {
    const { query, slots } = this.compile(db);
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i += 1) {
      const slot = slots[i]!;
      if ('constant' in slot) {
        parameters[i] = slot.constant;
        continue;
      }
      const value = values[slot.name];
      if (value === undefined) {
        throw new TypeError(`cached statement: no value for "${slot.name}"`);
      }
      parameters[i] = value;
    }
    return db.executeQuery<R>({
      query: query.query,
      queryId: query.queryId,
      sql: query.sql,
      parameters,
    });
  }

  private compile(db: Kysely<DB>): Compiled {
    const { adapter } = db.getExecutor();
    let compiled = this.compiled.get(adapter);
    if (compiled) return compiled;
    const read = new Set<string>();
    const placeholders = new Proxy({} as P, {
      get: (_target, name) => {
        if (typeof name !== 'string') return undefined;
        read.add(name);
        return new Placeholder(name);
      },
      has: () => refuse('tested'),
      ownKeys: () => refuse('listed or spread'),
      getOwnPropertyDescriptor: () => refuse('listed or spread'),
    });
    // A query builder compiles with its own executor; a `sql` template with the one given.
    const query = this.build(db, placeholders).compile(db);
    const placed = new Set<string>();
    const slots = query.parameters.map((parameter): Slot => {
      if (!(parameter instanceof Placeholder)) {
        // A literal of the statement. An object (a Date from `now()`, an array) would be frozen
        // at the first call's value: refused, it must be one of the caller's values.
        if (parameter !== null && typeof parameter === 'object') {
          throw new TypeError('cached statement: an object built into the text must be a value');
        }
        return { constant: parameter };
      }
      placed.add(parameter.name);
      return { name: parameter.name };
    });
    for (const name of read) {
      if (!placed.has(name)) {
        throw new TypeError(`cached statement: "${name}" was read but not placed as a value`);
      }
    }
    compiled = { query, slots };
    this.compiled.set(adapter, compiled);
    return compiled;
  }
}

/** A statement compiled once: see CachedStatement. */
export function cachedStatement<P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, values: P) => Statement<R>,
): CachedStatement<P, R> {
  return new CachedStatement(build);
}
