// Reference-code validation over a seeded database (DESIGN.md section 7: ≥ 10,000 look-ups/s on
// 2 cores over 1,000,000 documents, p99 < 10 ms). Seed first with bench/seed-validation.ts.
// Starts API_PROCESSES real API processes (node:cluster sharing one port, as N stateless API
// processes behind a load balancer), then autocannon POSTs /api/validation/document with codes
// sampled from the seeded set. Prints JSON.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/dilosi_bench node --import tsx bench/validation.ts
//   CONNECTIONS=50 DURATION=10 API_PROCESSES=1 SAMPLE=10000
//   BENCH_ROUTE=context: GET /api/validation/contexts/default instead (no database: the
//   framework's own ceiling on this machine, to read the look-up figure against)
//   BENCH_TOOL=wrk: wrk (a C load generator: autocannon, in Node on the same two cores,
//   saturates before the server does) against a bare Fastify + pg server running the same
//   prepared query on the same database, then against the product, in one run, RUNS times;
//   prints both figures and their ratio. WRK_THREADS=2. CPU_PROF=dir: each server process
//   writes a V8 CPU profile there (in product/ and bare/) (summarise it with bench/cpu-profile-summary.mjs).
//   SLICES=n (with BENCH_TOOL=wrk): both servers up at once and DURATION split into n slices
//   against each in turn, order swapped each pair; prints the median of the slices' ratios
//   (steadier on a machine whose speed drifts; e.g. SLICES=6 DURATION=24).
//   GUARDED=1 (with BENCH_TOOL=wrk): a third server, the bare one with what the product must
//   keep done the plainest way (the product's security headers computed once, a per-client
//   window of its own with the same x-ratelimit-* headers, a duration histogram of its own,
//   each look-up queued for the product's batched access-log writer): what the protections
//   cost without the product around them. Prints the product's ratio to it too.
//   GUARDED_ACCESS_LOG=0 (with GUARDED=1): the guarded server without the access log, to read
//   what the log (DESIGN section 8: each look-up recorded) costs apart from the protections.
//   BENCH_TOOL=inject: no network: the product and the bare server in this one process, driven
//   by app.inject one look-up at a time, alternately, ROUNDS × LOOKUPS each; prints the CPU time
//   per look-up of each (what the product's layers add, with little of the machine's noise).
import { spawn } from 'node:child_process';
import cluster from 'node:cluster';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { EXTERNAL_LOGINS } from '../packages/server/test/external-logins';
import { openDatabase } from '../packages/server/src/db/database';
import { createAccessLog } from '../packages/server/src/modules/access-log';
import { postgresCpuMs } from './thread-cpu';

const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dilosi_bench';
const connections = Number(process.env.CONNECTIONS ?? 50);
const duration = Number(process.env.DURATION ?? 10);
const processes = Number(process.env.API_PROCESSES ?? 1);
const sampleSize = Number(process.env.SAMPLE ?? 10_000);
const port = Number(process.env.BENCH_PORT ?? 18_471);
const slices = Number(process.env.SLICES ?? 1);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** The look-up's SQL, as find-validated-document.ts runs it (read from there, not copied). */
async function lookupSql(): Promise<string> {
  const source = await fs.readFile(
    new URL(
      '../packages/server/src/modules/validation/find-validated-document.ts',
      import.meta.url,
    ),
    'utf8',
  );
  const sql = /const LOOKUP_SQL = `([^`]+)`/.exec(source)?.[1];
  if (!sql) throw new Error('LOOKUP_SQL not found in find-validated-document.ts');
  return sql;
}

/**
 * The ceiling: Fastify and pg with nothing else, the same prepared query on the same pool size,
 * answering the row as JSON. What a look-up costs with no product around it.
 */
async function buildBare() {
  const app = Fastify({ logger: false });
  await addLookupRoute(app);
  return app;
}

/** The reference servers' look-up: the product's query on a pool of its size, the row as JSON. */
async function addLookupRoute(
  app: FastifyInstance,
  onFound?: (row: { id?: string }) => void,
): Promise<void> {
  const sql = await lookupSql();
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 20),
  });
  app.post('/api/validation/document', async (request, reply) => {
    const code = String((request.body as Record<string, unknown>)['document-id'] ?? '');
    const { rows } = await pool.query({ text: sql, values: [code], name: 'validation-lookup' });
    const row = rows[0] as { id?: string } | undefined;
    if (!row) return reply.status(404).send({ error: { code: 'document_not_found' } });
    onFound?.(row);
    return { data: { document: row } };
  });
  app.addHook('onClose', () => pool.end());
}

/** Listens with a reference server (bare or guarded), reports its CPU, closes on SIGTERM. */
async function serveReference(app: FastifyInstance): Promise<void> {
  await app.listen({ host: '127.0.0.1', port });
  reportCpu();
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void app.close().finally(() => process.exit(0));
  });
}

/**
 * GUARDED=1: the bare server with the protections the issue says the product keeps, each done
 * the plainest way: the same security headers as the product's (read from it once, at start), a
 * fixed window per client address with the same three x-ratelimit-* headers, a request-duration
 * histogram (counts per bucket), and the look-up queued for the product's own access-log writer
 * (batched, one statement per batch). What is left between it and the product is the product's
 * own code: routing through its plugins, zod, the answer it builds (names, signed PDF link).
 */
async function buildGuarded() {
  const logDatabase = await openDatabase({
    kind: 'postgres',
    connectionString: databaseUrl,
    poolSize: 2,
  });
  const accessLog = createAccessLog(logDatabase);
  const headers = await productSecurityHeaders();
  const limit = 1_000_000_000;
  const windowMs = 60_000;
  const windows = new Map<string, { count: number; resetAt: number }>();
  const bounds = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
  const buckets = new Float64Array(bounds.length + 1);
  const app = Fastify({ logger: false });
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    const time = Date.now();
    let window = windows.get(request.ip);
    if (!window || window.resetAt <= time) {
      window = { count: 0, resetAt: time + windowMs };
      windows.set(request.ip, window);
    }
    window.count += 1;
    reply.header('x-ratelimit-limit', limit);
    reply.header('x-ratelimit-remaining', Math.max(0, limit - window.count));
    reply.header('x-ratelimit-reset', Math.ceil((window.resetAt - time) / 1000));
    if (window.count > limit) return void reply.status(429).send({ error: 'rate_limited' });
    done();
  });
  app.addHook('onResponse', (_request, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    let index = 0;
    while (index < bounds.length && seconds > (bounds[index] ?? Infinity)) index += 1;
    buckets[index] = (buckets[index] ?? 0) + 1;
    done();
  });
  await addLookupRoute(app, (row) => {
    if (guardedAccessLog && row.id) accessLog.record({ documentId: row.id, kind: 'validation' });
  });
  app.addHook('onClose', async () => {
    await accessLog.close();
    await logDatabase.close();
  });
  return app;
}

/** The security headers the product sets on a look-up's answer, as a list (read from the product once). */
async function productSecurityHeaders(): Promise<Array<[string, string]>> {
  const { app, close } = await buildProduct();
  const response = await app.inject({ method: 'GET', url: '/api/validation/contexts/default' });
  await close();
  const skip =
    /^(content-(type|length|encoding)$|x-ratelimit-|date$|connection$|keep-alive$|x-request-id$|vary$|etag$|cache-control$)/;
  return Object.entries(response.headers).flatMap(([name, value]) =>
    skip.test(name) || value === undefined ? [] : [[name, String(value)] as [string, string]],
  );
}

/** CPU time of this server process over the measured run, asked for by the primary. */
function reportCpu() {
  let cpuFrom = process.cpuUsage();
  process.on('message', (message) => {
    if (message === 'cpu-start') cpuFrom = process.cpuUsage();
    if (message === 'cpu-stop') {
      const cpu = process.cpuUsage(cpuFrom);
      process.send?.({ cpuMicros: cpu.user + cpu.system });
    }
  });
}

async function buildProduct() {
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
    // DEVEL off needs real logins (loadConfig): providers nothing answers; sessions are made directly.
    ...EXTERNAL_LOGINS,
    RATE_LIMIT_MAX: '1000000000',
    VALIDATION_RATE_LIMIT_MAX: '1000000000',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const app = await buildApp({ config, database });
  // The database closes after the app, whose own closing writes the access log's last rows (as
  // main.ts does; an onClose hook here ran before the app's and lost them).
  return { app, close: () => app.close().finally(() => database.close()) };
}

async function serve(): Promise<void> {
  const { app, close } = await buildProduct();
  await app.listen({ host: '127.0.0.1', port });
  reportCpu();
  process.send?.('ready');
  process.on('SIGTERM', () => {
    void close().finally(() => process.exit(0));
  });
}

/** Both servers in this process, app.inject, one look-up at a time (BENCH_TOOL=inject). */
async function runInject(): Promise<void> {
  const { documents, codes } = await sampleCodes();
  const lookups = Number(process.env.LOOKUPS ?? 5000);
  const rounds = Number(process.env.ROUNDS ?? 4);
  const product = await buildProduct();
  const servers = { product: product.app, bare: await buildBare() };
  const drive = async (app: (typeof servers)['bare'], count: number) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < count; i += 1) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/validation/document',
        payload: { 'document-id': codes[i % codes.length] },
      });
      if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
    }
    const used = process.cpuUsage(cpu);
    return {
      cpu_us: (used.user + used.system) / count,
      wall_us: ((performance.now() - started) * 1000) / count,
    };
  };
  await drive(servers.product, 1000);
  await drive(servers.bare, 1000);
  const totals = { product: [] as number[], bare: [] as number[] };
  const load = +(os.loadavg()[0] ?? 0).toFixed(2);
  for (let round = 0; round < rounds; round += 1) {
    totals.bare.push((await drive(servers.bare, lookups)).cpu_us);
    totals.product.push((await drive(servers.product, lookups)).cpu_us);
  }
  const productCpu = median(totals.product);
  const bare = median(totals.bare);
  console.log(
    JSON.stringify({
      tool: 'inject',
      documents,
      lookups_per_round: lookups,
      rounds,
      product_cpu_us_per_lookup: +productCpu.toFixed(1),
      bare_cpu_us_per_lookup: +bare.toFixed(1),
      product_layers_us: +(productCpu - bare).toFixed(1),
      rounds_product: totals.product.map((v) => +v.toFixed(1)),
      rounds_bare: totals.bare.map((v) => +v.toFixed(1)),
      load_average_before: load,
      load_average_after: +(os.loadavg()[0] ?? 0).toFixed(2),
    }),
  );
  await product.close();
  await servers.bare.close();
}

async function sampleCodes(): Promise<{ documents: number; codes: string[] }> {
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
  return { documents, codes: rows.map((row) => row.reference_code) };
}

async function run(): Promise<void> {
  const { documents, codes } = await sampleCodes();
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

type Server = { stop(): Promise<void>; cpuMicros(): Promise<number>; startCpu(): void };

/** One server process (cluster worker) of `role`; resolves once it listens. */
type Role = 'bare' | 'product' | 'guarded';
const guarded = process.env.GUARDED === '1';
const guardedAccessLog = process.env.GUARDED_ACCESS_LOG !== '0';

async function startServer(role: Role, rolePort = port): Promise<Server> {
  const profileDir = process.env.CPU_PROF;
  cluster.setupPrimary({
    execArgv: profileDir
      ? [
          ...process.execArgv,
          '--cpu-prof',
          // A folder per role: each thread writes a file, the main thread's has the most samples.
          `--cpu-prof-dir=${path.resolve(profileDir, role)}`,
        ]
      : process.execArgv,
  });
  const worker = cluster.fork({ BENCH_ROLE: role, BENCH_PORT: String(rolePort) });
  await new Promise<void>((resolve, reject) => {
    worker.once('message', () => resolve());
    worker.once('exit', (code) => reject(new Error(`${role} server exited (${code})`)));
  });
  return {
    startCpu: () => worker.send('cpu-start'),
    cpuMicros: () =>
      new Promise((resolve) => {
        worker.once('message', (message: { cpuMicros: number }) => resolve(message.cpuMicros));
        worker.send('cpu-stop');
      }),
    stop: () =>
      new Promise((resolve) => {
        worker.removeAllListeners('exit');
        worker.once('exit', () => resolve());
        worker.kill('SIGTERM');
      }),
  };
}

type WrkResult = {
  requests: number;
  seconds: number;
  rps: number;
  non2xx: number;
  errors: number;
  p50_ms: number;
  p99_ms: number;
};

/** wrk POSTing codes in turn (a Lua script), answering its summary as JSON. */
async function wrk(script: string, seconds: number, targetPort = port): Promise<WrkResult> {
  const threads = process.env.WRK_THREADS ?? '2';
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', [
      `-t${threads}`,
      `-c${connections}`,
      `-d${seconds}s`,
      '-s',
      script,
      `http://127.0.0.1:${targetPort}/api/validation/document`,
    ]);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(text))));
  });
  const line = output.split('\n').find((l) => l.startsWith('WRK_JSON '));
  if (!line) throw new Error(`no summary from wrk:\n${output}`);
  return JSON.parse(line.slice('WRK_JSON '.length)) as WrkResult;
}

/** The Lua script: each request POSTs the next sampled code; done() prints a JSON summary. */
function wrkScript(codes: string[]): string {
  return `
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local codes = { ${codes.map((c) => `"${c}"`).join(', ')} }
local i = 0
request = function()
  i = i + 1
  local body = '{"document-id":"' .. codes[(i % #codes) + 1] .. '"}'
  return wrk.format(nil, nil, nil, body)
end
local non2xx = 0
response = function(status)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests":%d,"seconds":%.3f,"rps":%.1f,"non2xx":%d,"errors":%d,"p50_ms":%.2f,"p99_ms":%.2f}\\n',
    summary.requests, summary.duration / 1e6, summary.requests / (summary.duration / 1e6),
    non2xx + e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
`;
}

/** The product beside the bare server, in one run, RUNS times (docs/performance.md). */
async function runWrk(): Promise<void> {
  const { documents, codes } = await sampleCodes();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-wrk-'));
  const script = path.join(dir, 'lookup.lua');
  await fs.writeFile(script, wrkScript(codes));
  // The response() hook makes wrk count per request in Lua; it is the same for both servers.
  const runs = Number(process.env.RUNS ?? 2);
  if (slices > 1) {
    for (let run = 1; run <= runs; run += 1) await runInterleaved(script, run, documents, codes);
    await fs.rm(dir, { recursive: true, force: true });
    return;
  }
  const measure = async (role: Role) => {
    const server = await startServer(role);
    try {
      await wrk(script, 3); // warm-up: connections, prepared statements, JIT, caches
      const load = +(os.loadavg()[0] ?? 0).toFixed(2);
      server.startCpu();
      const postgresBefore = postgresCpuMs();
      const result = await wrk(script, duration);
      const cpu = await server.cpuMicros();
      const postgresMs = postgresCpuMs() - postgresBefore;
      return {
        ...result,
        rps: Math.round(result.rps),
        server_cpu_us_per_lookup: Math.round(cpu / Math.max(1, result.requests)),
        // Every postgres process of this machine over the measured run (the database is local;
        // for the product this includes writing the access log's batches).
        postgres_cpu_us_per_lookup: Math.round((postgresMs * 1000) / Math.max(1, result.requests)),
        load_average: load,
      };
    } finally {
      await server.stop();
    }
  };
  for (let run = 1; run <= runs; run += 1) {
    const bare = await measure('bare');
    const reference = guarded ? await measure('guarded') : undefined;
    const product = await measure('product');
    console.log(
      JSON.stringify({
        run,
        tool: 'wrk',
        documents,
        sampled_codes: codes.length,
        connections,
        duration_s: duration,
        cpus: os.cpus().length,
        product,
        bare,
        ...(reference && { guarded: reference }),
        product_vs_bare_throughput: +(product.rps / bare.rps).toFixed(3),
        product_vs_bare_p99: +(product.p99_ms / bare.p99_ms).toFixed(2),
        ...(reference && {
          guarded_access_log: guardedAccessLog,
          guarded_vs_bare_throughput: +(reference.rps / bare.rps).toFixed(3),
          product_vs_guarded_throughput: +(product.rps / reference.rps).toFixed(3),
          product_vs_guarded_p99: +(product.p99_ms / reference.p99_ms).toFixed(2),
        }),
        load_average_after: +(os.loadavg()[0] ?? 0).toFixed(2),
      }),
    );
  }
  await fs.rm(dir, { recursive: true, force: true });
}

type SliceFigures = {
  requests: number;
  rps: number;
  p99_ms: number;
  non2xx: number;
  errors: number;
  server_cpu_us: number;
  postgres_cpu_us: number;
};

/**
 * SLICES > 1: both servers up at once (on BENCH_PORT and the port after it), and wrk against
 * each in turn, SLICES times, DURATION / SLICES seconds a slice, the order swapped from one pair
 * of slices to the next. On a machine whose speed drifts, a single 10 s run of each moved the
 * ratio between 31 % and 76 % with the same code (docs/performance.md); adjacent slices share
 * the drift. Each slice starts with 1 s of look-ups not counted (the pools' connections that
 * timed out idle open again) and ends with a pause of FLUSH_PAUSE_MS (default 1,500) before its
 * CPU is read, so the product's access log writes its last batch inside the product's figures.
 * Prints the slices' ratios and their median, and each server's CPU per look-up over all slices.
 */
async function runInterleaved(
  script: string,
  run: number,
  documents: number,
  codes: string[],
): Promise<void> {
  const roles: Role[] = guarded ? ['bare', 'guarded', 'product'] : ['bare', 'product'];
  const ports: Record<Role, number> = { bare: port, product: port + 1, guarded: port + 2 };
  const pause = Number(process.env.FLUSH_PAUSE_MS ?? 1500);
  const sliceSeconds = Math.max(2, Math.round(duration / slices));
  const servers = {} as Record<Role, Server>;
  for (const role of roles) servers[role] = await startServer(role, ports[role]);
  try {
    for (const role of roles) await wrk(script, 3, ports[role]); // warm-up, as runWrk
    const loadBefore = +(os.loadavg()[0] ?? 0).toFixed(2);
    const pairs: Array<Partial<Record<Role, SliceFigures>>> = [];
    for (let slice = 0; slice < slices; slice += 1) {
      const pair: Partial<Record<Role, SliceFigures>> = {};
      const order = slice % 2 === 0 ? roles : [...roles].reverse();
      for (const role of order) {
        // Not counted: the pool's connections that timed out idle meanwhile open again, and
        // wrk's connect.
        await wrk(script, 1, ports[role]);
        servers[role].startCpu();
        const postgresBefore = postgresCpuMs();
        const result = await wrk(script, sliceSeconds, ports[role]);
        await new Promise((resolve) => setTimeout(resolve, pause));
        const cpu = await servers[role].cpuMicros();
        const postgresMs = postgresCpuMs() - postgresBefore;
        pair[role] = {
          requests: result.requests,
          rps: Math.round(result.rps),
          p99_ms: result.p99_ms,
          non2xx: result.non2xx,
          errors: result.errors,
          server_cpu_us: cpu,
          postgres_cpu_us: postgresMs * 1000,
        };
      }
      pairs.push(pair);
    }
    const figure = (pair: Partial<Record<Role, SliceFigures>>, role: Role) => {
      const figures = pair[role];
      if (!figures) throw new Error(`no ${role} slice`);
      return figures;
    };
    const total = (role: Role) => {
      const of = (key: keyof SliceFigures) =>
        pairs.reduce((sum, pair) => sum + figure(pair, role)[key], 0);
      const requests = Math.max(1, of('requests'));
      return {
        requests: of('requests'),
        rps_median: median(pairs.map((pair) => figure(pair, role).rps)),
        p99_ms_median: median(pairs.map((pair) => figure(pair, role).p99_ms)),
        non2xx: of('non2xx'),
        errors: of('errors'),
        server_cpu_us_per_lookup: Math.round(of('server_cpu_us') / requests),
        postgres_cpu_us_per_lookup: Math.round(of('postgres_cpu_us') / requests),
      };
    };
    const ratiosOf = (over: Role, under: Role, key: 'rps' | 'p99_ms', digits: number) =>
      pairs.map((pair) => +(figure(pair, over)[key] / figure(pair, under)[key]).toFixed(digits));
    const ratios = ratiosOf('product', 'bare', 'rps', 3);
    const p99Ratios = ratiosOf('product', 'bare', 'p99_ms', 2);
    const overGuarded = guarded
      ? {
          guarded: total('guarded'),
          guarded_access_log: guardedAccessLog,
          guarded_vs_bare_throughput: median(ratiosOf('guarded', 'bare', 'rps', 3)),
          product_vs_guarded_throughput_by_slice: ratiosOf('product', 'guarded', 'rps', 3),
          product_vs_guarded_throughput: median(ratiosOf('product', 'guarded', 'rps', 3)),
          product_vs_guarded_p99: median(ratiosOf('product', 'guarded', 'p99_ms', 2)),
        }
      : {};
    console.log(
      JSON.stringify({
        run,
        tool: 'wrk',
        slices,
        slice_s: sliceSeconds,
        documents,
        sampled_codes: codes.length,
        connections,
        cpus: os.cpus().length,
        product: total('product'),
        bare: total('bare'),
        product_vs_bare_throughput_by_slice: ratios,
        product_vs_bare_throughput: median(ratios),
        product_vs_bare_p99_by_slice: p99Ratios,
        product_vs_bare_p99: median(p99Ratios),
        ...overGuarded,
        load_average_before: loadBefore,
        load_average_after: +(os.loadavg()[0] ?? 0).toFixed(2),
      }),
    );
  } finally {
    await Promise.all(roles.map((role) => servers[role].stop()));
  }
}

const tools = { wrk: runWrk, inject: runInject } as Record<string, () => Promise<void>>;
if (cluster.isPrimary) await (tools[process.env.BENCH_TOOL ?? ''] ?? run)();
else if (process.env.BENCH_ROLE === 'bare') await serveReference(await buildBare());
else if (process.env.BENCH_ROLE === 'guarded') await serveReference(await buildGuarded());
else await serve();
