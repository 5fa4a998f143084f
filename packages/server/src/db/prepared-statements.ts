import { createRequire } from 'node:module';
import pg from 'pg';

/** pg's own mapping of a value to its wire form, as its Query.prepare uses it. */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

/**
 * Kysely sends every statement as an unnamed one, so PostgreSQL parses and plans it again on each
 * call. A text that comes back is given a name here, and pg then prepares it once per connection
 * and only binds and runs it afterwards (issuance: 41 statements a document, most of them the
 * same dozen texts). docs/performance.md, "Issuance: named prepared statements".
 *
 * Bounded: only texts seen at least twice are named, at most `limit` of them per pool (each is
 * kept by every connection that ran it); at most `trackLimit` texts are counted, none longer than
 * `maxTextLength`, and the counts are dropped once the limit is reached. Statements without
 * parameters (`begin`, `commit`, DDL) keep the simple protocol.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private counts = new Map<string, number>();
  private next = 0;

  constructor(
    private readonly limit = 256,
    private readonly trackLimit = 4096,
    private readonly maxTextLength = 8192,
  ) {}

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) return name;
    if (this.next >= this.limit || text.length > this.maxTextLength) return undefined;
    const count = (this.counts.get(text) ?? 0) + 1;
    if (count < 2) {
      if (this.counts.size < this.trackLimit) this.counts.set(text, count);
      return undefined;
    }
    this.counts.delete(text);
    const fresh = this.rename(text);
    if (this.next >= this.limit) this.counts = new Map();
    return fresh;
  }

  /**
   * A new name for `text`, whose prepared statement cannot be used any more: a migration changed
   * the columns of its `select *` (PostgreSQL refuses it on every connection that holds it), or pg
   * lost track of it on a connection. The new name is prepared afresh; the old one stays unused
   * until its connection closes. Always granted, past the limit too: a text must never stay stuck.
   */
  rename(text: string): string {
    const name = `dilosi_${this.next}`;
    this.next += 1;
    this.names.set(text, name);
    return name;
  }

  get size(): number {
    return this.names.size;
  }
}

/**
 * PostgreSQL's refusal of a prepared statement whose result columns changed since it was planned
 * ("cached plan must not change result type"). The routine is not translated; the message is,
 * under a server's other `lc_messages`.
 */
export function isStalePlanError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, routine } = error as { code?: string; routine?: string };
  return (
    code === '0A000' &&
    (routine === 'RevalidateCachedQuery' ||
      error.message.includes('cached plan must not change result type'))
  );
}

/** The server does not know the name pg believes it prepared on this connection. */
function isUnknownStatementError(error: unknown): boolean {
  return error instanceof Error && (error as { code?: string }).code === '26000';
}

type QueryCallback = (error: Error | null, result?: pg.QueryResult) => void;

/**
 * A pg Client whose `query(text, values)` (the form Kysely uses) runs under the pool's statement
 * names. When a name can no longer be used (a stale plan, a name the server does not know, or a
 * value pg failed to send, after which pg has closed the statement but still counts it as
 * prepared), the text gets a new name; a stale plan or an unknown name outside a transaction is
 * run again once under it. Inside a transaction the transaction has failed already, so the error
 * goes to the caller, and the next call prepares the new name.
 */
export function namedStatementClient(names: StatementNames): typeof pg.Client {
  return class NamedStatementClient extends pg.Client {
    /**
     * A `begin` not sent yet: it goes out in the same write as the transaction's first statement
     * (one round trip less a transaction); a transaction that ends before any statement sends
     * nothing at all.
     */
    private beginPending = false;
    /** Statements sent with a held-back begin and not yet answered. */
    private opening = 0;

    // pg's overloads: only (text, values) with parameters is named; a { text, values, name } of
    // the caller's keeps its name (described once too); everything else as it came.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      let promise: Promise<pg.QueryResult> | undefined;
      if (
        isBareStatement(text, values, 'begin') &&
        !this.beginPending &&
        this.getTransactionStatus() === 'I'
      ) {
        this.beginPending = true;
        promise = Promise.resolve(commandResult('BEGIN'));
      } else if (this.beginPending) {
        this.beginPending = false;
        const last = args.at(-1);
        const answer = typeof last === 'function' ? (last as QueryCallback) : undefined;
        if (isBareStatement(text, values, 'commit') || isBareStatement(text, values, 'rollback')) {
          promise = Promise.resolve(commandResult((text as string).toUpperCase()));
        } else if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
          const name = names.nameFor(text);
          this.opening += 1;
          promise = (
            name === undefined
              ? this.runOnce(text, values, undefined, true)
              : this.runNamed(text, values, name, true)
          ).finally(() => {
            this.opening -= 1;
          });
        } else if (
          typeof text === 'string' &&
          (values === undefined || typeof values === 'function' || Array.isArray(values))
        ) {
          // No parameters (the simple protocol): one text, so that nothing runs if the begin
          // fails and nothing queued meanwhile goes first. Its answer is the statement's.
          const query = super.query.bind(this) as (t: string) => Promise<unknown>;
          promise = query(`begin;${text}`).then(withoutBegin);
        } else {
          // A query object of the caller's: the begin queued just before it, in order.
          (super.query('begin') as Promise<unknown>).catch(() => {});
          return (super.query as (...a: unknown[]) => never)(...args);
        }
        if (answer && answer !== callback) {
          promise.then(
            (result) => answer(null, result),
            (error: Error) => answer(error),
          );
          return undefined as never;
        }
      } else if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.nameFor(text);
        if (name !== undefined) promise = this.runNamed(text, values, name, false);
      } else if (values === undefined && isNamedQueryConfig(text)) {
        promise = this.runOnce(text.text, text.values, text.name, false);
      }
      if (promise === undefined) return (super.query as (...a: unknown[]) => never)(...args);
      if (typeof callback === 'function') {
        promise.then(
          (result) => (callback as QueryCallback)(null, result),
          (error: Error) => (callback as QueryCallback)(error),
        );
        return undefined as never;
      }
      return promise as never;
    }

    private async runNamed(
      text: string,
      values: unknown[],
      name: string,
      beginFirst: boolean,
    ): Promise<pg.QueryResult> {
      // The server's transaction status before this statement ('I': outside a transaction).
      // A statement queued behind one that carries a begin is inside that transaction too.
      const idle = !beginFirst && this.opening === 0 && this.getTransactionStatus() === 'I';
      try {
        return await this.runOnce(text, values, name, beginFirst);
      } catch (error) {
        const stale = isStalePlanError(error) || isUnknownStatementError(error);
        const sendFailed = !(error instanceof pg.DatabaseError);
        if (!stale && !sendFailed) throw error;
        // Another connection may have renamed it meanwhile: one new name per stale text.
        const current = names.nameFor(text);
        const renamed = current !== undefined && current !== name ? current : names.rename(text);
        if (!stale || !idle) throw error;
        return this.runOnce(text, values, renamed, false);
      }
    }

    /**
     * pg copies a query config object property by property (its `cloneQueryConfig`, ~6 µs a
     * statement); a Query built from (text, values) and then named skips that copy.
     */
    private runOnce(
      text: string,
      values: unknown[],
      name: string | undefined,
      beginFirst: boolean,
    ): Promise<pg.QueryResult> {
      return new Promise((resolve, reject) => {
        const query = new DescribedOnceQuery(text, values, (error, result) =>
          error ? reject(error) : resolve(result as pg.QueryResult),
        );
        query.name = name;
        query.beginFirst = beginFirst;
        super.query(query as unknown as pg.Query);
      });
    }
  };
}

/** `text` alone, as Kysely sends `begin`, `commit` and `rollback` (no parameters). */
function isBareStatement(text: unknown, values: unknown, statement: string): boolean {
  return (
    text === statement && (values === undefined || (Array.isArray(values) && values.length === 0))
  );
}

/** The answer of `begin;<statement>` without the begin's: the statement's own. */
function withoutBegin(result: unknown): pg.QueryResult {
  if (!Array.isArray(result)) return result as pg.QueryResult;
  const rest = result.slice(1) as pg.QueryResult[];
  return (rest.length === 1 ? rest[0] : rest) as pg.QueryResult;
}

/** What pg answers for a statement without rows (`begin`, `commit`): what Kysely reads of it. */
function commandResult(command: string): pg.QueryResult {
  return { command, rowCount: null, oid: 0, rows: [], fields: [] };
}

/** Exactly `{ text, values, name }` (database.query with a name): nothing else pg would read. */
function isNamedQueryConfig(
  config: unknown,
): config is { text: string; values: unknown[]; name: string } {
  if (typeof config !== 'object' || config === null) return false;
  const { text, values, name } = config as Record<string, unknown>;
  return (
    typeof text === 'string' &&
    typeof name === 'string' &&
    name !== '' &&
    Array.isArray(values) &&
    Object.keys(config).length === 3
  );
}

/** What pg learns from a statement's row description and keeps on its Result. */
type RowShape = { fields: unknown[]; parsers: unknown[]; emptyRow: Record<string, null> };

/** pg's Connection, as far as it is used here. */
type PgConnection = {
  parsedStatements: Record<string, string | undefined>;
  submittedNamedStatements: Record<string, string | undefined>;
  parse(message: { text: string; name: string; types: unknown[] }): void;
  execute(message: { portal: string }): void;
  bind(message: {
    portal: string;
    statement: string;
    values: unknown[];
    binary?: boolean;
    valueMapper: (value: unknown) => unknown;
  }): void;
  close(message: { type: 'S'; name: string }): void;
  sync(): void;
  [rowShapes]?: Map<string, RowShape>;
};

/** pg's Result, as far as it is used here (its own fields, set by its addFields). */
type PgResult = {
  fields: unknown[];
  _parsers?: unknown[];
  _prebuiltEmptyResultObject?: Record<string, null>;
};

/** A pg Query's internals that DescribedOnceQuery reads and sets. */
type PgQueryInternals = {
  name?: string;
  values: unknown[];
  portal: string;
  binary?: boolean;
  rows?: number;
  _result: PgResult;
  _accumulateRows?: boolean;
  prepare(connection: PgConnection): void;
  handleRowDescription(message: { fields: unknown[] }): void;
  handleCommandComplete(message: unknown, connection: PgConnection): void;
  handleError(error: unknown, connection: PgConnection): void;
  _getRows(connection: PgConnection, rows: number | undefined): void;
};

const rowShapes = Symbol('dilosi.rowShapes');

const PgQuery = pg.Query as unknown as new (
  text: string,
  values: unknown[],
  callback: QueryCallback,
) => PgQueryInternals;

/**
 * A named statement's result columns are the same on every run of it on one connection:
 * PostgreSQL refuses to run it if they changed ("cached plan must not change result type"),
 * and the text then gets a new name. pg nevertheless asks for the row description (Describe) on
 * every run, then reads its field names and picks a parser for each column again (~13 µs a
 * statement on the bench machine, more for a `select *` of a wide table; docs/performance.md).
 * This Query asks once per connection and statement, keeps what pg made of the answer on the
 * connection, and runs the statement afterwards as bind, execute, sync. A statement that returns
 * no rows (no row description) is described every time, as before.
 */
class DescribedOnceQuery extends PgQuery {
  private connection: PgConnection | null = null;
  /** Set before it is queued: a `begin` goes out ahead of the statement, in the same write. */
  beginFirst = false;
  /**
   * False from the write until the `begin`'s own answer has come: meanwhile pg must not take
   * the answers to the `begin` (its parse-complete, its error) for the statement's, and reads
   * no name (see `name`).
   */
  private beginAnswered = true;
  private statementName: string | undefined;

  // pg reads the active query's name when a parse completes (to record the statement as
  // prepared) and on an error (to forget it): the `begin` ahead of it is unnamed.
  // @ts-expect-error pg's Query declares `name` as a property; an accessor here
  override get name(): string | undefined {
    return this.beginAnswered ? this.statementName : undefined;
  }
  override set name(name: string | undefined) {
    this.statementName = name;
  }

  override prepare(connection: PgConnection): void {
    if (!this.beginFirst) {
      this.prepareStatement(connection);
      return;
    }
    // The unnamed statement and portal: the statement's own Parse and Bind replace them.
    connection.parse({ text: 'begin', name: '', types: [] });
    connection.bind({ portal: '', statement: '', values: [], valueMapper: prepareValue });
    connection.execute({ portal: '' });
    try {
      this.prepareStatement(connection);
    } finally {
      this.beginAnswered = false;
    }
  }

  private prepareStatement(connection: PgConnection): void {
    const shape =
      this.name !== undefined && connection.parsedStatements[this.name] !== undefined
        ? connection[rowShapes]?.get(this.name)
        : undefined;
    if (!shape || this.rows !== undefined) {
      this.connection = connection;
      super.prepare(connection);
      return;
    }
    const name = this.name as string;
    // As pg's own prepare, without the Describe.
    try {
      connection.bind({
        portal: this.portal,
        statement: name,
        values: this.values,
        binary: this.binary,
        valueMapper: prepareValue,
      });
    } catch (error) {
      connection.close({ type: 'S', name });
      connection.sync();
      this.handleError(error, connection);
      return;
    }
    const result = this._result;
    result.fields = shape.fields;
    result._parsers = shape.parsers;
    result._prebuiltEmptyResultObject = shape.emptyRow;
    this._accumulateRows = true;
    this._getRows(connection, this.rows);
  }

  override handleCommandComplete(message: unknown, connection: PgConnection): void {
    if (!this.beginAnswered) {
      // The `begin`'s: the statement's own answers follow.
      this.beginAnswered = true;
      return;
    }
    super.handleCommandComplete(message, connection);
  }

  override handleError(error: unknown, connection: PgConnection): void {
    if (!this.beginAnswered) {
      // The `begin` itself failed: PostgreSQL skipped the statement, its Parse too.
      this.beginAnswered = true;
      const name = this.statementName;
      if (name !== undefined && connection.parsedStatements[name] === undefined)
        delete connection.submittedNamedStatements[name];
    }
    super.handleError(error, connection);
  }

  override handleRowDescription(message: { fields: unknown[] }): void {
    super.handleRowDescription(message);
    const { connection, name, _result: result } = this;
    if (!connection || name === undefined || !result._parsers) return;
    if (!result._prebuiltEmptyResultObject) return;
    const shapes = (connection[rowShapes] ??= new Map());
    shapes.set(name, {
      fields: result.fields,
      parsers: result._parsers,
      emptyRow: result._prebuiltEmptyResultObject,
    });
  }
}
