// The access log's own cost (issue #15), apart from the look-up: how long record() takes in the
// API process, and how long PostgreSQL takes to write the records in the buffer's batches.
// Uses the documents seeded by bench/seed-validation.ts (100,000 of them, at random); deletes the
// rows it wrote. Prints the database's CPU and WAL per record too (the server must be local).
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/dilosi_bench node --import tsx bench/access-log.ts
//   RECORDS=100000
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../packages/server/src/db/database';
import { migrate } from '../packages/server/src/db/migrate';
import { createAccessLog } from '../packages/server/src/modules/access-log';
import { postgresCpuMs } from './thread-cpu';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dilosi_bench';
const records = Number(process.env.RECORDS ?? 100_000);

const database = await openDatabase({
  kind: 'postgres',
  connectionString: databaseUrl,
  poolSize: 4,
});
await migrate(database);
const { rows } = await database.query<{ id: string }>(
  // Spread over the table as look-ups of many documents are: each record may touch another page.
  `select id::text as id from documents tablesample system (10) where state = 'issued' limit 100000`,
);
if (rows.length === 0) throw new Error('no documents: run bench/seed-validation.ts first');
const { rows: marks } = await database.query<{ id: string | null }>(
  'select max(id)::text as id from document_access_log',
);
const fromId = marks[0]?.id ?? '0';
const loadBefore = os.loadavg().map((v) => Math.round(v * 100) / 100);

// Large interval and buffer: record() is timed alone, then one flush writes every batch.
const log = createAccessLog(database, { flushIntervalMs: 3_600_000, maxBuffered: records });
const cpuRecord = process.cpuUsage();
const startRecord = performance.now();
for (let i = 0; i < records; i += 1) {
  const pick = Math.floor(Math.random() * rows.length);
  log.record({ documentId: rows[pick]?.id ?? '', kind: 'validation' });
}
const recordMs = performance.now() - startRecord;
const recordCpu = process.cpuUsage(cpuRecord);

// From a checkpoint, as in steady state: the first change to a page after one writes its image.
await database.query('checkpoint');
const walLsn = async () =>
  (await database.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn')).rows[0]
    ?.lsn ?? '0/0';
const walFrom = await walLsn();
const postgresFrom = postgresCpuMs();
const cpuFlush = process.cpuUsage();
const startFlush = performance.now();
await log.close();
const flushMs = performance.now() - startFlush;
const flushCpu = process.cpuUsage(cpuFlush);
const postgresMs = postgresCpuMs() - postgresFrom;
const { rows: wal } = await database.query<{ bytes: string }>(
  'select pg_wal_lsn_diff($1::pg_lsn, $2::pg_lsn)::text as bytes',
  [await walLsn(), walFrom],
);
const { rows: written } = await database.query<{ n: number }>(
  'select count(*)::int as n from document_access_log where id > $1',
  [fromId],
);
await database.query('delete from document_access_log where id > $1', [fromId]);
await database.close();

console.log(
  JSON.stringify({
    records,
    written: written[0]?.n ?? 0,
    dropped: log.dropped,
    record_ns_each: Math.round((recordMs * 1e6) / records),
    record_api_cpu_ns_each: Math.round(((recordCpu.user + recordCpu.system) * 1000) / records),
    write_wall_us_per_record: Math.round(((flushMs * 1000) / records) * 10) / 10,
    write_api_cpu_us_per_record:
      Math.round(((flushCpu.user + flushCpu.system) / records) * 10) / 10,
    // Every postgres process of this machine (the server is local): backends, WAL writer…
    write_postgres_cpu_us_per_record: Math.round(((postgresMs * 1000) / records) * 10) / 10,
    write_wal_bytes_per_record: Math.round(Number(wal[0]?.bytes ?? 0) / records),
    batches: Math.ceil(records / 500),
    cpus: os.cpus().length,
    load_average_before: loadBefore,
    load_average_after: os.loadavg().map((v) => Math.round(v * 100) / 100),
  }),
);
