// Reference-code validation over a seeded database (DESIGN.md section 7: ≥ 10,000 look-ups/s on
// 2 cores over 1,000,000 documents, p99 < 10 ms). Seed first with bench/seed-validation.ts.
// Starts API_PROCESSES real API processes (node:cluster sharing one port, as N stateless API
// processes behind a load balancer), then autocannon POSTs /api/validation/document with codes
// sampled from the seeded set. Prints JSON.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/dilosi_bench node --import tsx bench/validation.ts
//   CONNECTIONS=50 DURATION=10 API_PROCESSES=1 SAMPLE=10000
//   BENCH_ROUTE=context: GET /api/validation/contexts/default instead (no database: the
//   framework's own ceiling on this machine, to read the look-up figure against)
import cluster from 'node:cluster';
import os from 'node:os';
import autocannon from 'autocannon';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/database';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dilosi_bench';
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 10);
const processes = Number(process.env.API_PROCESSES ?? 1);
const sampleSize = Number(process.env.SAMPLE ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 18_471);

async function serve(): Promise<void> {
  const database = await openDatabase({
    kind: 'postgres',
    connectionString: databaseUrl,
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 20),
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    // Production logging: warnings and errors only (no per-request lines).
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: os.tmpdir(),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DEVEL: 'false',
    RATE_LIMIT_MAX: '1000000000',
    VALIDATION_RATE_LIMIT_MAX: '1000000000',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port });
  // CPU time of this API process over the measured run, asked for by the primary.
  let cpuFrom = process.cpuUsage();
  process.on('message', (message) => {
    if (message === 'cpu-start') cpuFrom = process.cpuUsage();
    if (message === 'cpu-stop') {
      const cpu = process.cpuUsage(cpuFrom);
      process.send?.({ cpuMicros: cpu.user + cpu.system });
    }
  });
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

async function run(): Promise<void> {
  const database = await openDatabase({
    kind: 'postgres',
    connectionString: databaseUrl,
    poolSize: 2,
  });
  const { rows: counted } = await database.query<{ count: number }>(
    "select count(*)::int as count from documents where reference_code is not null and state = 'issued'",
  );
  const documents = counted[0]?.count ?? 0;
  if (documents === 0) throw new Error('no documents: run bench/seed-validation.ts first');
  const { rows } = await database.query<{ reference_code: string }>(
    `select reference_code from documents tablesample system (5)
      where reference_code is not null and state = 'issued' limit $1`,
    [sampleSize],
  );
  await database.close();
  const codes = rows.map((row) => row.reference_code);

  const workers = Array.from({ length: processes }, () => cluster.fork());
  await Promise.all(
    workers.map(
      (worker) =>
        new Promise<void>((resolve, reject) => {
          worker.once('message', () => resolve());
          worker.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
        }),
    ),
  );

  const loadBefore = os.loadavg().map((v) => Math.round(v * 100) / 100);
  let next = 0;
  const request = {
    method: 'POST' as const,
    path: '/api/validation/document',
    headers: { 'content-type': 'application/json' },
    setupRequest: (req: Record<string, unknown>) => {
      const code = codes[next % codes.length] ?? '';
      next += 1;
      return { ...req, body: JSON.stringify({ 'document-id': code }) };
    },
  };
  const baseline = { method: 'GET' as const, path: '/api/validation/contexts/default' };
  const requests = [process.env.BENCH_ROUTE === 'context' ? baseline : request];
  const url = `http://127.0.0.1:${port}`;
  // Warm-up: connections, the template cache, PostgreSQL's buffers.
  await autocannon({ url, connections, duration: 2, requests });
  for (const worker of workers) worker.send('cpu-start');
  const result = await autocannon({ url, connections, duration, requests });
  const cpuMicros = await Promise.all(
    workers.map(
      (worker) =>
        new Promise<number>((resolve) => {
          worker.once('message', (message: { cpuMicros: number }) => resolve(message.cpuMicros));
          worker.send('cpu-stop');
        }),
    ),
  );
  for (const worker of workers) worker.kill('SIGTERM');
  // API CPU time per look-up (all API processes): the machine-independent part of the figure.
  const apiCpuMicros = cpuMicros.reduce((sum, value) => sum + value, 0);

  const non2xx = result.non2xx + result.errors + result.timeouts;
  console.log(
    JSON.stringify({
      route: requests[0]?.path,
      lookups_per_second: Math.round(result.requests.average),
      p50_ms: result.latency.p50,
      p99_ms: result.latency.p99,
      documents,
      sampled_codes: codes.length,
      failed_requests: non2xx,
      api_cpu_us_per_lookup: Math.round(apiCpuMicros / Math.max(1, result.requests.total)),
      connections,
      duration_s: duration,
      api_processes: processes,
      cpus: os.cpus().length,
      load_average_before: loadBefore,
      load_average_after: os.loadavg().map((v) => Math.round(v * 100) / 100),
    }),
  );
}

if (cluster.isPrimary) await run();
else await serve();
