import type { AccessLogKind, AccessLogStaffRole } from '@dilosi/domain';
import { now } from '../../clock';
import type { Database } from '../../db/database';

/** One access to a citizen's document, as the validation and case routes report it. */
export type AccessRecord = {
  documentId: string;
  kind: AccessLogKind;
  validationContext?: string | null;
  entityId?: string | null;
  staffRole?: AccessLogStaffRole | null;
};

export type AccessLog = {
  /** Queues the record; never waits for the database (the validation look-up's budget). */
  record(entry: AccessRecord): void;
  /** Writes everything queued so far (tests, shutdown). */
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
  /** Records dropped because the buffer was full (the database slower than the traffic). */
  readonly dropped: number;
  /** Records the database refused for their own data (each logged), since the start. */
  readonly rejected: number;
};

export type AccessLogOptions = {
  /** How often the buffer is written (ms). */
  flushIntervalMs?: number;
  /** A batch this large is written at once, without waiting for the timer. */
  batchSize?: number;
  /** Records held at most; beyond it new records are dropped and counted, never the process. */
  maxBuffered?: number;
  logger?: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
};

type Row = {
  document_id: string;
  kind: AccessLogKind;
  validation_context: string | null;
  entity_id: string | null;
  staff_role: AccessLogStaffRole | null;
  /** Milliseconds since the epoch. */
  at: number;
};

/**
 * One statement per batch, whatever its size: the rows go as one array parameter a column, the
 * time as milliseconds since the epoch (no date text built per record, none parsed per row).
 * The document is not checked here (migration 0018): a foreign key locked its row, a write for
 * every look-up, and even reading it costs the database more than the entry. An entry whose
 * document was deleted meanwhile is dropped by the daily purge. The entity is still a foreign
 * key (staff views only); should one have gone meanwhile, the batch is written again with a
 * join that clears it (SAFE_INSERT_SQL), rather than lost.
 */
const COLUMNS = `unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::float8[])
  as r(document_id, kind, validation_context, entity_id, staff_role, at_ms)`;
const AT = `to_timestamp(r.at_ms / 1000)`;
const INSERT_SQL = `
  insert into document_access_log (document_id, kind, validation_context, entity_id, staff_role, at)
  select r.document_id, r.kind, r.validation_context, r.entity_id, r.staff_role, ${AT}
    from ${COLUMNS}`;
const SAFE_INSERT_SQL = `
  insert into document_access_log (document_id, kind, validation_context, entity_id, staff_role, at)
  select r.document_id, r.kind, r.validation_context, e.id, r.staff_role, ${AT}
    from ${COLUMNS}
    left join entities e on e.id = r.entity_id`;
const FOREIGN_KEY_VIOLATION = '23503';

/**
 * SQLSTATE classes 22 (data exception) and 23 (integrity constraint violation): the database
 * refuses the rows themselves, and would refuse them again. Any other error (connection,
 * shutdown, resources) says nothing about the rows, which are kept for the next round.
 */
function refusesTheRows(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (code.startsWith('22') || code.startsWith('23'));
}

/**
 * The access log's writer, one per API process (docs/decisions.md, 2026-11-25): records wait in
 * memory and go to the database in batches, on a timer and when a batch fills, so a validation
 * look-up costs an array push. Several processes each keep their own buffer; a crash loses at
 * most one interval of records, which the log accepts (it is an account, not evidence).
 */
export function createAccessLog(database: Database, options: AccessLogOptions = {}): AccessLog {
  const flushIntervalMs = options.flushIntervalMs ?? 1000;
  const batchSize = options.batchSize ?? 500;
  const maxBuffered = options.maxBuffered ?? 20_000;
  let buffer: Row[] = [];
  let dropped = 0;
  let rejected = 0;
  let writing: Promise<void> | null = null;

  async function insert(batch: Row[]): Promise<void> {
    const columns = [
      batch.map((row) => row.document_id),
      batch.map((row) => row.kind),
      batch.map((row) => row.validation_context),
      batch.map((row) => row.entity_id),
      batch.map((row) => row.staff_role),
      batch.map((row) => row.at),
    ];
    await database.query(INSERT_SQL, columns).catch((error: unknown) => {
      if ((error as { code?: string }).code !== FOREIGN_KEY_VIOLATION) throw error;
      return database.query(SAFE_INSERT_SQL, columns);
    });
  }

  /**
   * Writes a batch. Should the database refuse it for its data (a row no check allows, say a
   * kind a newer process writes before its migration ran), the batch is halved until each
   * refused row is alone: those are dropped and logged, the others written, so that one bad row
   * never holds up the records behind it. Answers the rows left unwritten, in order, when the
   * database failed otherwise midway (none were written twice).
   */
  async function insertBatch(batch: Row[]): Promise<{ unwritten: Row[]; error?: unknown }> {
    const pending: Row[][] = [batch];
    for (let rows = pending.shift(); rows; rows = pending.shift()) {
      try {
        await insert(rows);
      } catch (error) {
        if (!refusesTheRows(error)) return { unwritten: [...rows, ...pending.flat()], error };
        if (rows.length > 1) {
          const half = Math.ceil(rows.length / 2);
          pending.unshift(rows.slice(0, half), rows.slice(half));
          continue;
        }
        rejected += 1;
        const { document_id, kind, at } = rows[0] as Row;
        options.logger?.error(
          {
            err: error,
            // As recorded when it is no time at all (a clock gone wrong): the line must not throw.
            entry: { document_id, kind, at: Number.isFinite(at) ? new Date(at).toISOString() : at },
          },
          'access log entry refused by the database',
        );
      }
    }
    return { unwritten: [] };
  }

  async function writeAll(): Promise<void> {
    while (buffer.length > 0) {
      const batch = buffer.slice(0, batchSize);
      buffer = buffer.slice(batch.length);
      const { unwritten, error } = await insertBatch(batch);
      if (unwritten.length > 0) {
        // The database is away: keep what is left for the next round while there is room.
        if (buffer.length + unwritten.length <= maxBuffered) buffer = [...unwritten, ...buffer];
        else dropped += unwritten.length;
        options.logger?.error({ err: error, pending: buffer.length }, 'access log write failed');
        return;
      }
    }
  }

  function flush(): Promise<void> {
    // One writer at a time per process; a flush asked for during a write waits for it, then runs.
    const next: Promise<void> = (writing ?? Promise.resolve()).then(writeAll).finally(() => {
      if (writing === next) writing = null;
    });
    writing = next;
    return next;
  }

  const timer = setInterval(() => {
    if (buffer.length > 0 && !writing) void flush();
  }, flushIntervalMs);
  timer.unref();

  return {
    record(entry) {
      if (buffer.length >= maxBuffered) {
        dropped += 1;
        if (dropped % 1000 === 1) options.logger?.warn({ dropped }, 'access log buffer full');
        return;
      }
      buffer.push({
        document_id: entry.documentId,
        kind: entry.kind,
        validation_context: entry.validationContext ?? null,
        entity_id: entry.entityId ?? null,
        staff_role: entry.staffRole ?? null,
        at: now().getTime(),
      });
      if (buffer.length >= batchSize && !writing) void flush();
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
    get dropped() {
      return dropped;
    },
    get rejected() {
      return rejected;
    },
  };
}
