import { describe, expect, it, vi } from 'vitest';
import { clock } from '../../clock';
import type { Database } from '../../db/database';
import { createAccessLog, type AccessRecord } from './access-log-buffer';

type Entry = { document_id: string; kind: string };

/**
 * A database that keeps the batches it accepts and, like PostgreSQL's check on `kind`, refuses
 * a whole batch holding a kind it does not know. `failures` are thrown first, one per statement.
 */
function fakeDatabase(failures: Array<{ code: string }> = []) {
  const written: Entry[] = [];
  let statements = 0;
  const query = vi.fn(async (_sql: string, params: unknown[] = []) => {
    statements += 1;
    const failure = failures.shift();
    if (failure) throw Object.assign(new Error(`failure ${failure.code}`), failure);
    // One array a column: document ids, then kinds (the other columns are not looked at here).
    const [documentIds, kinds, , , , times] = params as [
      string[],
      string[],
      unknown,
      unknown,
      unknown,
      number[],
    ];
    const rows = documentIds.map((id, index) => ({ document_id: id, kind: kinds[index] ?? '' }));
    if (rows.some((row) => row.kind !== 'validation' && row.kind !== 'case_view')) {
      throw Object.assign(new Error('new row violates check constraint'), { code: '23514' });
    }
    // As to_timestamp refuses NaN: "timestamp cannot be NaN".
    if (times.some((time) => !Number.isFinite(time))) {
      throw Object.assign(new Error('timestamp cannot be NaN'), { code: '22008' });
    }
    written.push(...rows);
    return { rows: [] };
  });
  return {
    database: { query } as unknown as Database,
    written,
    statements: () => statements,
  };
}

const documentIds = (count: number) =>
  Array.from(
    { length: count },
    (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  );
const record = (documentId: string, kind = 'validation'): AccessRecord => ({
  documentId,
  kind: kind as AccessRecord['kind'],
});
const logger = () => ({ error: vi.fn(), warn: vi.fn() });

describe('the access log writer', () => {
  it('writes the rest of a batch the database refuses for one row, and drops only that row', async () => {
    const { database, written, statements } = fakeDatabase();
    const log = logger();
    const writer = createAccessLog(database, { flushIntervalMs: 60_000, logger: log });
    const ids = documentIds(40);
    ids.forEach((id, index) => writer.record(record(id, index === 13 ? 'bogus' : 'validation')));
    await writer.flush();

    const expected = ids.filter((_, index) => index !== 13);
    expect(written.map((row) => row.document_id)).toEqual(expected);
    expect(writer.rejected).toBe(1);
    expect(writer.dropped).toBe(0);
    // Halving: a few statements, not one per row.
    expect(statements()).toBeLessThanOrEqual(2 * Math.ceil(Math.log2(40)) + 1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({
        entry: expect.objectContaining({ document_id: ids[13], kind: 'bogus' }),
      }),
      'access log entry refused by the database',
    );

    // The records behind it are not held up.
    writer.record(record(ids[0] ?? ''));
    await writer.close();
    expect(written).toHaveLength(40);
  });

  it('drops and logs a record whose time is no time (a clock gone wrong), without throwing', async () => {
    const { database, written } = fakeDatabase();
    const log = logger();
    const writer = createAccessLog(database, { flushIntervalMs: 60_000, logger: log });
    const [first = '', second = ''] = documentIds(2);
    clock.freeze(new Date(Number.NaN));
    try {
      writer.record(record(first));
    } finally {
      clock.reset();
    }
    writer.record(record(second));
    await writer.close();
    expect(written.map((row) => row.document_id)).toEqual([second]);
    expect(writer.rejected).toBe(1);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({
        entry: { document_id: first, kind: 'validation', at: Number.NaN },
      }),
      'access log entry refused by the database',
    );
  });

  it('keeps the whole batch when the database is away, and writes it once when it is back', async () => {
    const { database, written } = fakeDatabase([{ code: '08006' }]);
    const writer = createAccessLog(database, { flushIntervalMs: 60_000, logger: logger() });
    const ids = documentIds(5);
    for (const id of ids) writer.record(record(id));
    await writer.flush();
    expect(written).toEqual([]);
    await writer.close();
    expect(written.map((row) => row.document_id)).toEqual(ids);
    expect(writer.rejected).toBe(0);
  });

  it('writes no row twice when the database goes away while a refused batch is being split', async () => {
    // The first statement is refused for a row; the next (the first half) meets a shutdown.
    const { database, written } = fakeDatabase([{ code: '23514' }, { code: '57P01' }]);
    const writer = createAccessLog(database, { flushIntervalMs: 60_000, logger: logger() });
    const ids = documentIds(8);
    ids.forEach((id, index) => writer.record(record(id, index === 6 ? 'bogus' : 'validation')));
    await writer.flush();
    // The first half failed with the shutdown: nothing of it, nor of the second half, was
    // written; both wait for the next round.
    expect(written).toEqual([]);
    await writer.close();
    expect(written.map((row) => row.document_id)).toEqual(ids.filter((_, index) => index !== 6));
    expect(writer.rejected).toBe(1);
  });
});
