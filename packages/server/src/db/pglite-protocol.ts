import { messages, type PGlite } from '@electric-sql/pglite';
import { isStalePlanError, StatementNames } from './prepared-statements';

/**
 * Statements on PGlite, spoken in the wire protocol directly instead of through `PGlite.query`.
 *
 * `PGlite.query` makes six trips into PostgreSQL for each statement (parse, describe, bind,
 * describe, execute, sync) and parses every answer with a general-purpose protocol reader that
 * copies each message and each field; a bytea parameter (a sealed PDF) travels as a hex string
 * measured and encoded character by character. On the embedded default, PGlite runs on the
 * request thread, so that JavaScript is the application's own time: ~17 ms of an issued
 * document's ~43 ms there (docs/performance.md, "PGlite's protocol layer").
 *
 * Here a statement whose text comes back is prepared once under a name (`StatementNames`, the
 * same bounds as on PostgreSQL) and then runs as one trip: bind, execute, sync. Its parameter
 * types and result columns are learnt once from PostgreSQL's description of it, so parameters are
 * serialized and columns parsed exactly as `PGlite.query` does (PGlite's own serializers and
 * parsers, ours included), except that bytea travels in binary both ways.
 *
 * The caller holds the database's connection lock for the length of the call (PGlite is one
 * connection): nothing else may talk to PGlite meanwhile.
 */

const BYTEA = 17;
/** The protocol counts parameters in an unsigned 16-bit integer. */
const MAX_PARAMETERS = 65_535;
const TEXT_FORMAT = 0;
const BINARY_FORMAT = 1;

type Column = {
  name: string;
  binary: boolean;
  parse: ((value: string, typeId: number) => unknown) | undefined;
  typeId: number;
};

type Prepared = {
  parameterTypes: number[];
  /** Undefined for a statement that returns no rows (NoData). */
  columns: Column[] | undefined;
  resultFormats: number[];
};

export type StatementResult<R> = {
  rows: R[];
  /** Rows an INSERT, UPDATE, DELETE, MERGE or COPY touched; undefined for other commands. */
  affectedRows: number | undefined;
};

/** What PostgreSQL answered to one batch of messages. */
type Answer = {
  parameterTypes: number[] | undefined;
  columns: Column[] | undefined;
  noData: boolean;
  rows: unknown[][];
  command: string | undefined;
  affectedRows: number | undefined;
  error: Error | undefined;
};

export class PgliteStatements {
  private readonly prepared = new Map<string, Prepared>();
  private readonly names: StatementNames;
  /** Names renamed away from, to close at the next call outside a transaction. */
  private toClose: string[] = [];
  private readonly writer = new MessageWriter();
  private readonly reader = new ChunkCollector();

  constructor(
    private readonly pglite: PGlite,
    names: StatementNames = new StatementNames(),
  ) {
    this.names = names;
  }

  /** Bytes held by the message and answer buffers between statements. */
  get retainedBytes(): number {
    return this.writer.capacity + this.reader.capacity;
  }

  /** Runs one statement with its parameters (extended protocol), as `PGlite.query` would. */
  async query<R>(text: string, params: readonly unknown[] = []): Promise<StatementResult<R>> {
    if (this.pglite.closed) throw new Error('PGlite is closed');
    if (params.length > MAX_PARAMETERS) {
      throw new RangeError(`A statement takes at most ${MAX_PARAMETERS} parameters`);
    }
    // Without parameters (`begin`, `commit`, DDL): the simple protocol, one trip, nothing named.
    if (params.length === 0) return this.simple<R>(text);
    const idleBefore = !this.pglite.isInTransaction();
    const name = this.names.nameFor(text);
    try {
      return await this.run<R>(text, params, name);
    } catch (error) {
      if (name === undefined || !(isStalePlanError(error) || isUnknownStatement(error)))
        throw error;
      // The prepared statement cannot be used any more (a migration changed its columns, or it
      // was deallocated): a new name is prepared. Inside a transaction that transaction has
      // failed already; outside one, the statement runs again once.
      this.prepared.delete(name);
      this.toClose.push(name);
      const fresh = this.names.rename(text);
      if (!idleBefore) throw error;
      return this.run<R>(text, params, fresh);
    }
  }

  private async run<R>(
    text: string,
    params: readonly unknown[],
    name: string | undefined,
  ): Promise<StatementResult<R>> {
    const statement = name ?? '';
    let prepared = name === undefined ? undefined : this.prepared.get(name);
    if (prepared === undefined) {
      const writer = this.writer.reset();
      const closing = this.closeRenamed(writer);
      writer.parse(statement, text).describeStatement(statement).sync();
      const answer = await this.send(writer.bytes(), closing);
      if (answer.error) throw withQuery(answer.error, text);
      prepared = preparedFrom(answer, this.pglite);
      if (name !== undefined) this.prepared.set(name, prepared);
    }
    const writer = this.writer.reset();
    writer
      .bind(statement, this.serialize(params, prepared), prepared.resultFormats)
      .execute()
      .sync();
    const answer = await this.send(writer.bytes(), 0, prepared.columns);
    if (answer.error) throw withQuery(answer.error, text);
    await this.syncToFs();
    return { rows: toObjects<R>(answer.rows, prepared.columns), affectedRows: answer.affectedRows };
  }

  private async simple<R>(text: string): Promise<StatementResult<R>> {
    const writer = this.writer.reset();
    const closing = this.closeRenamed(writer);
    const answer = await this.send(
      writer.query(text).bytes(),
      closing,
      undefined,
      this.pglite.parsers,
    );
    if (answer.error) throw withQuery(answer.error, text);
    await this.syncToFs();
    return { rows: toObjects<R>(answer.rows, answer.columns), affectedRows: answer.affectedRows };
  }

  /** As `PGlite.query`: the file system is synced after a statement outside a transaction. */
  private async syncToFs(): Promise<void> {
    if (!this.pglite.isInTransaction()) await this.pglite.syncToFs();
  }

  /**
   * Writes the Close of names renamed away from (outside a transaction only), and answers how
   * many: they leave the list once the message has been sent.
   */
  private closeRenamed(writer: MessageWriter): number {
    if (this.toClose.length === 0 || this.pglite.isInTransaction()) return 0;
    for (const name of this.toClose) writer.closeStatement(name);
    // Its own Sync: whatever follows is then read as after any other finished exchange.
    writer.sync();
    return this.toClose.length;
  }

  /** PGlite's own serializers, chosen by the parameter's type; bytea in binary. */
  private serialize(params: readonly unknown[], prepared: Prepared): Parameter[] {
    const serializers = this.pglite.serializers;
    const values: Parameter[] = new Array(params.length);
    for (let i = 0; i < params.length; i += 1) {
      const value = params[i];
      const typeId = prepared.parameterTypes[i];
      if (value === null || value === undefined) values[i] = null;
      else if (typeId === BYTEA && value instanceof Uint8Array) values[i] = value;
      else {
        const serializer = typeId === undefined ? undefined : serializers[typeId];
        values[i] = asParameter(serializer ? (serializer(value) as unknown) : value);
      }
    }
    return values;
  }

  /**
   * Sends one batch of messages and reads the answer. `parsers`: the columns are described in
   * this answer (simple protocol, text format) and parsed with these.
   */
  private async send(
    message: Buffer,
    closing: number,
    columns?: Column[],
    parsers?: PGlite['parsers'],
  ): Promise<Answer> {
    const reader = this.reader.reset();
    try {
      await this.pglite.execProtocolRawStream(message, {
        syncToFs: false,
        onRawData: (bytes) => reader.push(bytes),
      });
      if (closing > 0) this.toClose.splice(0, closing);
      return readAnswer(reader.bytes(), columns, parsers);
    } finally {
      // Everything is copied out by now: a large upload or answer does not stay referenced.
      this.writer.release();
      this.reader.release();
    }
  }
}

/** The name is unknown to PostgreSQL (26000), or taken by a statement this side lost (42P05). */
/**
 * A serializer's output as the protocol carries it. Like PGlite's own writer: bytes (any view or
 * an ArrayBuffer) in binary, anything else as text. A serializer may hand its input back unchanged
 * (PGlite's array serializer does for a value that is not an array).
 */
function asParameter(value: unknown): Parameter {
  if (typeof value === 'string') return value;
  if (value instanceof Uint8Array) return value;
  if (ArrayBuffer.isView(value)) {
    return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  }
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  return String(value);
}

function isUnknownStatement(error: unknown): boolean {
  const code = error instanceof Error ? (error as { code?: string }).code : undefined;
  return code === '26000' || code === '42P05';
}

function withQuery(error: Error, text: string): Error {
  (error as { query?: string }).query = text;
  return error;
}

function preparedFrom(answer: Answer, pglite: PGlite): Prepared {
  const columns = answer.noData ? undefined : answer.columns;
  const parsers = pglite.parsers;
  if (columns) {
    for (const column of columns) {
      column.binary = column.typeId === BYTEA;
      column.parse = column.binary ? undefined : parsers[column.typeId];
    }
  }
  return {
    parameterTypes: answer.parameterTypes ?? [],
    columns,
    resultFormats: columns
      ? columns.map((column) => (column.binary ? BINARY_FORMAT : TEXT_FORMAT))
      : [],
  };
}

/** Rows as objects, one key per column in order (a later column of the same name wins). */
function toObjects<R>(rows: unknown[][], columns: Column[] | undefined): R[] {
  if (!columns || rows.length === 0) return [];
  const objects: R[] = new Array(rows.length);
  for (let r = 0; r < rows.length; r += 1) {
    const row = rows[r]!;
    const object: Record<string, unknown> = {};
    for (let c = 0; c < columns.length; c += 1) {
      const name = columns[c]!.name;
      if (name === '__proto__') {
        // An own key, as Object.fromEntries makes it, not the object's prototype.
        Object.defineProperty(object, name, {
          value: row[c],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      } else object[name] = row[c];
    }
    objects[r] = object as R;
  }
  return objects;
}

type Parameter = string | Uint8Array | null;

/** The largest buffer kept from one statement to the next. */
const RETAINED_BYTES = 1024 * 1024;

/** A buffer reused from statement to statement: grows as needed, shrinks back once released. */
class ReusedBuffer {
  protected buffer: Buffer;
  protected offset = 0;

  constructor(private readonly initialSize: number) {
    this.buffer = Buffer.allocUnsafe(initialSize);
  }

  reset(): this {
    this.offset = 0;
    return this;
  }

  /** A statement that grew the buffer (an uploaded file, a large row) does not keep it. */
  release(): void {
    if (this.buffer.length > RETAINED_BYTES) this.buffer = Buffer.allocUnsafe(this.initialSize);
  }

  get capacity(): number {
    return this.buffer.length;
  }

  /** What was written since the last reset (a view: valid until the next write or release). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.offset);
  }

  protected ensure(size: number): void {
    if (this.offset + size <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.offset + size));
    this.buffer.copy(grown, 0, 0, this.offset);
    this.buffer = grown;
  }
}

/** Frontend messages, written into one buffer reused from call to call. */
class MessageWriter extends ReusedBuffer {
  constructor() {
    super(16 * 1024);
  }

  query(text: string): this {
    const start = this.begin(0x51); // 'Q'
    this.cstring(text);
    return this.end(start);
  }

  parse(statement: string, text: string): this {
    const start = this.begin(0x50); // 'P'
    this.cstring(statement).cstring(text).int16(0);
    return this.end(start);
  }

  describeStatement(statement: string): this {
    const start = this.begin(0x44); // 'D'
    this.byte(0x53).cstring(statement); // 'S'
    return this.end(start);
  }

  closeStatement(statement: string): this {
    const start = this.begin(0x43); // 'C'
    this.byte(0x53).cstring(statement);
    return this.end(start);
  }

  bind(statement: string, values: Parameter[], resultFormats: number[]): this {
    const start = this.begin(0x42); // 'B'
    this.cstring('').cstring(statement);
    this.uint16(values.length);
    for (const value of values)
      this.int16(value instanceof Uint8Array ? BINARY_FORMAT : TEXT_FORMAT);
    this.uint16(values.length);
    for (const value of values) {
      if (value === null) this.int32(-1);
      else if (typeof value === 'string') {
        const length = Buffer.byteLength(value, 'utf8');
        this.ensure(4 + length);
        this.int32(length);
        this.offset += this.buffer.write(value, this.offset, 'utf8');
      } else {
        this.ensure(4 + value.byteLength);
        this.int32(value.byteLength);
        this.buffer.set(value, this.offset);
        this.offset += value.byteLength;
      }
    }
    // One format for every column when all are text, else one each.
    const allText = resultFormats.every((format) => format === TEXT_FORMAT);
    if (allText) this.int16(0);
    else {
      this.int16(resultFormats.length);
      for (const format of resultFormats) this.int16(format);
    }
    return this.end(start);
  }

  execute(): this {
    const start = this.begin(0x45); // 'E'
    this.cstring('').int32(0);
    return this.end(start);
  }

  sync(): this {
    const start = this.begin(0x53); // 'S'
    return this.end(start);
  }

  private begin(code: number): number {
    this.ensure(5);
    const start = this.offset;
    this.buffer[start] = code;
    this.offset += 5;
    return start;
  }

  private end(start: number): this {
    this.buffer.writeInt32BE(this.offset - start - 1, start + 1);
    return this;
  }

  private byte(value: number): this {
    this.ensure(1);
    this.buffer[this.offset] = value;
    this.offset += 1;
    return this;
  }

  private int16(value: number): this {
    this.ensure(2);
    this.buffer.writeInt16BE(value, this.offset);
    this.offset += 2;
    return this;
  }

  private uint16(value: number): this {
    this.ensure(2);
    this.buffer.writeUInt16BE(value, this.offset);
    this.offset += 2;
    return this;
  }

  private int32(value: number): this {
    this.ensure(4);
    this.buffer.writeInt32BE(value, this.offset);
    this.offset += 4;
    return this;
  }

  private cstring(value: string): this {
    const length = Buffer.byteLength(value, 'utf8');
    if (value.includes('\0')) throw new Error('A statement or name cannot contain a NUL character');
    this.ensure(length + 1);
    this.offset += this.buffer.write(value, this.offset, 'utf8');
    this.buffer[this.offset] = 0;
    this.offset += 1;
    return this;
  }
}

/** PGlite hands its answer over in chunks that are views of WebAssembly memory: copied here. */
class ChunkCollector extends ReusedBuffer {
  constructor() {
    super(64 * 1024);
  }

  push(bytes: Uint8Array): number {
    this.ensure(bytes.length);
    this.buffer.set(bytes, this.offset);
    this.offset += bytes.length;
    return bytes.length;
  }
}

const ERROR_FIELDS: Record<string, string> = {
  S: 'severity',
  C: 'code',
  D: 'detail',
  H: 'hint',
  P: 'position',
  p: 'internalPosition',
  q: 'internalQuery',
  W: 'where',
  s: 'schema',
  t: 'table',
  c: 'column',
  d: 'dataType',
  n: 'constraint',
  F: 'file',
  L: 'line',
  R: 'routine',
};

/**
 * Reads backend messages: descriptions, rows, completion, the first error, ReadyForQuery. Rows
 * are those of the first result (as `PGlite.query` answers); rows affected add up over all.
 */
function readAnswer(
  data: Buffer,
  known: Column[] | undefined,
  parsers: PGlite['parsers'] | undefined,
): Answer {
  const answer: Answer = {
    parameterTypes: undefined,
    columns: known,
    noData: false,
    rows: [],
    command: undefined,
    affectedRows: undefined,
    error: undefined,
  };
  let offset = 0;
  let last = 0;
  while (offset + 5 <= data.length) {
    const code = data[offset]!;
    const length = data.readInt32BE(offset + 1);
    const start = offset + 5;
    const end = offset + 1 + length;
    if (end > data.length) throw new Error('PGlite returned a truncated message');
    switch (code) {
      case 0x44: // 'D' DataRow
        if (answer.command === undefined) answer.rows.push(readRow(data, start, answer.columns));
        break;
      case 0x54: // 'T' RowDescription
        if (answer.command === undefined) {
          answer.columns = readColumns(data, start);
          if (parsers) for (const column of answer.columns) column.parse = parsers[column.typeId];
        }
        break;
      case 0x74: {
        // 't' ParameterDescription
        const count = data.readUInt16BE(start);
        const types: number[] = new Array(count);
        for (let i = 0; i < count; i += 1) types[i] = data.readUInt32BE(start + 2 + 4 * i);
        answer.parameterTypes = types;
        break;
      }
      case 0x6e: // 'n' NoData
        answer.noData = true;
        break;
      case 0x43: {
        // 'C' CommandComplete
        const tag = data.toString('utf8', start, end - 1);
        const parts = tag.split(' ');
        const command = parts[0]!;
        answer.command ??= command;
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command)) {
          answer.affectedRows = (answer.affectedRows ?? 0) + Number(parts[parts.length - 1]);
        }
        break;
      }
      case 0x45: // 'E' ErrorResponse: the first one is the answer's error
        if (!answer.error) answer.error = readError(data, start, end, length);
        break;
      default:
        // ParseComplete, BindComplete, CloseComplete, EmptyQueryResponse, NoticeResponse,
        // NotificationResponse, PortalSuspended, ReadyForQuery: nothing to keep.
        break;
    }
    offset = end;
    last = code;
  }
  if (offset !== data.length || last !== 0x5a) {
    // Every exchange ends in Sync, so a whole answer ends in ReadyForQuery ('Z').
    throw new Error('PGlite returned an incomplete answer');
  }
  return answer;
}

function readColumns(data: Buffer, start: number): Column[] {
  const count = data.readInt16BE(start);
  const columns: Column[] = new Array(count);
  let offset = start + 2;
  for (let i = 0; i < count; i += 1) {
    const nul = data.indexOf(0, offset);
    const name = data.toString('utf8', offset, nul);
    offset = nul + 1;
    const typeId = data.readUInt32BE(offset + 6);
    offset += 18; // table oid, column number, type oid, type size, type modifier, format
    columns[i] = { name, typeId, binary: false, parse: undefined };
  }
  return columns;
}

function readRow(data: Buffer, start: number, columns: Column[] | undefined): unknown[] {
  const count = data.readInt16BE(start);
  const row: unknown[] = new Array(count);
  let offset = start + 2;
  for (let i = 0; i < count; i += 1) {
    const length = data.readInt32BE(offset);
    offset += 4;
    if (length < 0) {
      row[i] = null;
      continue;
    }
    const column = columns?.[i];
    if (column?.binary) {
      const bytes = new Uint8Array(length);
      bytes.set(data.subarray(offset, offset + length));
      row[i] = bytes;
    } else {
      const text = data.toString('utf8', offset, offset + length);
      row[i] = column?.parse ? column.parse(text, column.typeId) : text;
    }
    offset += length;
  }
  return row;
}

function readError(data: Buffer, start: number, end: number, length: number): Error {
  const fields: Record<string, string> = {};
  let offset = start;
  while (offset < end && data[offset] !== 0) {
    const type = String.fromCharCode(data[offset]!);
    const nul = data.indexOf(0, offset + 1);
    fields[type] = data.toString('utf8', offset + 1, nul);
    offset = nul + 1;
  }
  const error = new messages.DatabaseError(fields.M ?? 'PostgreSQL error', length, 'error');
  for (const [type, value] of Object.entries(fields)) {
    const key = ERROR_FIELDS[type];
    if (key) (error as unknown as Record<string, string>)[key] = value;
  }
  return error;
}
