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
    // pg's overloads: only (text, values) with parameters is named; a { text, values, name } of
    // the caller's keeps its name (described once too); everything else as it came.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      let promise: Promise<pg.QueryResult> | undefined;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const name = names.nameFor(text);
        if (name !== undefined) promise = this.runNamed(text, values, name);
      } else if (values === undefined && isNamedQueryConfig(text)) {
        promise = this.runOnce(text.text, text.values, text.name);
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

    private async runNamed(text: string, values: unknown[], name: string): Promise<pg.QueryResult> {
      // The server's transaction status before this statement ('I': outside a transaction).
      const idle = this.getTransactionStatus() === 'I';
      try {
        return await this.runOnce(text, values, name);
      } catch (error) {
        const stale = isStalePlanError(error) || isUnknownStatementError(error);
        const sendFailed = !(error instanceof pg.DatabaseError);
        if (!stale && !sendFailed) throw error;
        // Another connection may have renamed it meanwhile: one new name per stale text.
        const current = names.nameFor(text);
        const renamed = current !== undefined && current !== name ? current : names.rename(text);
        if (!stale || !idle) throw error;
        return this.runOnce(text, values, renamed);
      }
    }

    /**
     * pg copies a query config object property by property (its `cloneQueryConfig`, ~6 µs a
     * statement); a Query built from (text, values) and then named skips that copy.
     */
    private runOnce(text: string, values: unknown[], name: string): Promise<pg.QueryResult> {
      return new Promise((resolve, reject) => {
        const query = new DescribedOnceQuery(text, values, (error, result) =>
          error ? reject(error) : resolve(result as pg.QueryResult),
        );
        query.name = name;
        super.query(query as unknown as pg.Query);
      });
    }
  };
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

  override prepare(connection: PgConnection): void {
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
