import pg from 'pg';

/**
 * Kysely sends every statement as an unnamed one, so PostgreSQL parses and plans it again on each
 * call. A text that comes back is given a name here, and pg then prepares it once per connection
 * and only binds and runs it afterwards (issuance: 41 statements a document, most of them the
 * same dozen texts). docs/performance.md, "Issuance: named prepared statements".
 *
 * Bounded: only texts seen at least twice are named, at most `limit` of them per pool (each is
 * kept by every connection that ran it), and at most `trackLimit` texts are counted. Statements
 * without parameters (`begin`, `commit`, DDL) keep the simple protocol.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private readonly counts = new Map<string, number>();
  private next = 0;

  constructor(
    private readonly limit = 256,
    private readonly trackLimit = 4096,
  ) {}

  /** The name to run `text` under, or undefined to run it unnamed. */
  nameFor(text: string): string | undefined {
    const name = this.names.get(text);
    if (name !== undefined) return name;
    if (this.next >= this.limit) return undefined;
    const count = (this.counts.get(text) ?? 0) + 1;
    if (count < 2) {
      if (this.counts.size < this.trackLimit) this.counts.set(text, count);
      return undefined;
    }
    this.counts.delete(text);
    return this.rename(text);
  }

  /**
   * A new name for `text`: its prepared statement no longer fits the table it reads (a migration
   * changed the columns of a `select *`), and PostgreSQL refuses it on every connection that holds
   * it. The new name is prepared afresh; the old one stays unused until its connection closes.
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

/** PostgreSQL's refusal of a prepared statement whose result columns changed since it was planned. */
export function isStalePlanError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error as { code?: string }).code === '0A000' &&
    error.message.includes('cached plan must not change result type')
  );
}

const TRANSACTION_START = /^\s*(begin|start\s+transaction)\b/i;
// `rollback to savepoint` stays inside the transaction.
const TRANSACTION_END = /^\s*(commit|end|abort|rollback(?!\s+to\b))\b/i;

type QueryCallback = (error: Error | null, result?: pg.QueryResult) => void;

/**
 * A pg Client whose `query(text, values)` (the form Kysely uses) runs under the pool's statement
 * names. A stale plan (above) outside a transaction is retried once under a new name; inside one
 * the transaction has failed already, so the error goes to the caller, and the next call prepares
 * the new name.
 */
export function namedStatementClient(names: StatementNames): typeof pg.Client {
  return class NamedStatementClient extends pg.Client {
    private inTransaction = false;

    // pg's overloads: only (text, values) with parameters is named; everything else as it came.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      if (typeof text === 'string' && Array.isArray(values)) {
        // Kysely's begin, commit and rollback come without parameters.
        if (values.length === 0) this.trackTransaction(text);
        const name = values.length > 0 ? names.nameFor(text) : undefined;
        if (name !== undefined) {
          const promise = this.runNamed(text, values, name);
          if (typeof callback === 'function') {
            promise.then(
              (result) => (callback as QueryCallback)(null, result),
              (error: Error) => (callback as QueryCallback)(error),
            );
            return undefined as never;
          }
          return promise as never;
        }
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }

    private async runNamed(text: string, values: unknown[], name: string): Promise<pg.QueryResult> {
      try {
        return await this.runOnce(text, values, name);
      } catch (error) {
        if (!isStalePlanError(error)) throw error;
        const renamed = names.nameFor(text) === name ? names.rename(text) : names.nameFor(text);
        if (this.inTransaction || renamed === undefined) throw error;
        return this.runOnce(text, values, renamed);
      }
    }

    /**
     * pg copies a query config object property by property (its `cloneQueryConfig`, ~6 µs a
     * statement); a Query built from (text, values) and then named skips that copy.
     */
    private runOnce(text: string, values: unknown[], name: string): Promise<pg.QueryResult> {
      return new Promise((resolve, reject) => {
        const query = new (
          pg.Query as unknown as new (
            text: string,
            values: unknown[],
            callback: QueryCallback,
          ) => pg.Query & { name?: string }
        )(text, values, (error, result) =>
          error ? reject(error) : resolve(result as pg.QueryResult),
        );
        query.name = name;
        super.query(query);
      });
    }

    private trackTransaction(text: string): void {
      const head = text.slice(0, 24);
      if (TRANSACTION_START.test(head)) this.inTransaction = true;
      else if (TRANSACTION_END.test(head)) this.inTransaction = false;
    }
  };
}
