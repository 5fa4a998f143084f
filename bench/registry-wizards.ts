// Slow registries must not slow the service (issue #36): WIZARDS citizens' wizards whose step
// fetches from a registry that answers in REGISTRY_DELAY_MS, while other clients use the API.
// The figure is the p99 of those other requests with the wizards running, beside the p99 of the
// same requests in the same run without them (the reference): the budget is ≤ 1.2 ×.
//
// One API process (a cluster worker: the app, listening, with its job queue working, as `npm
// start` runs it) on PostgreSQL; the registry simulator runs in this process, so its answers
// cost the API nothing but the wait, as a remote gateway's would. Each wizard loops: create a
// Fuel Pass draft (its step fetches the citizen's vehicle), start the step's look-ups, poll as the
// web does (10 ms, then every 1,000 ms), delete the draft when the look-up is done. The other
// clients (OTHERS, closed loop) read /api/users/me, their documents and the catalogue.
// Phases alternate (reference, with wizards) ROUNDS times, PHASE_SECONDS each. Prints JSON.
// REFERENCE=instant makes the reference the same wizards with a registry that answers at once,
// so that the ratio is what the registry's slowness alone costs the others; WIZARD_PERIOD_MS
// paces each wizard (one draft per period at most), so both phases send the same drafts.
// Run: node --import tsx bench/registry-wizards.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/dilosi_bench_registry (dropped and created)
//   WIZARDS=200 REGISTRY_DELAY_MS=2000 OTHERS=8 PHASE_SECONDS=20 ROUNDS=2
//   REFERENCE=none|instant WIZARD_PERIOD_MS=0
import cluster, { type Worker } from 'node:cluster';
import fs from 'node:fs';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/database';
import { migrate } from '../packages/server/src/db/migrate';
import { jobContext, jobRegistry } from '../packages/server/src/job-registry';
import { startJobQueue } from '../packages/server/src/jobs/queue';
import { upsertPersonUser } from '../packages/server/src/modules/auth/users';
import { startRegistrySimulator } from '../packages/server/src/modules/registry/registry-simulator';
import { seedDemoData } from '../packages/server/src/seed/seed-demo-data';

const databaseUrl =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dilosi_bench_registry';
const wizards = Number(process.env.WIZARDS ?? 200);
const delayMs = Number(process.env.REGISTRY_DELAY_MS ?? 2_000);
const others = Number(process.env.OTHERS ?? 8);
/**
 * With OTHERS_RATE (requests a second), the other requests arrive at that fixed rate (open
 * loop), each timed from when it was due, instead of OTHERS clients one request after the
 * other (closed loop, which keeps the API saturated: any other work then shows as their wait).
 */
const othersRate = Number(process.env.OTHERS_RATE ?? 0);
const phaseSeconds = Number(process.env.PHASE_SECONDS ?? 20);
/** What the reference phase runs: no wizards (none), or the same wizards, registry at once. */
const referenceKind = process.env.REFERENCE === 'instant' ? 'instant' : 'none';
/** Each wizard starts a draft at most once per this many ms (0: as soon as the last one ends). */
const wizardPeriodMs = Number(process.env.WIZARD_PERIOD_MS ?? 0);
const rounds = Number(process.env.ROUNDS ?? 2);
const port = Number(process.env.BENCH_PORT ?? 18_473);
const base = `http://127.0.0.1:${port}`;
/** Maria owns a vehicle in the simulator and may apply for the Fuel Pass (tax number ending 5). */
const WIZARD_AFM = '100000015';
const OTHER_AFM = '100000027';

type Tokens = { wizard: string; other: string };

async function recreateDatabase(): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new URL(databaseUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

/** The API process: the app on PostgreSQL, its job queue working, two sessions made directly. */
async function apiProcess(registryUrl: string): Promise<void> {
  const database = await openDatabase({
    kind: 'postgres',
    connectionString: databaseUrl,
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  // The event loop's delay, asked for by the bench at the end of each phase.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  process.on('message', (message) => {
    if (message !== 'event-loop') return;
    process.send?.({
      event_loop_p99_ms: Math.round(loop.percentile(99) / 1e5) / 10,
      event_loop_max_ms: Math.round(loop.max / 1e5) / 10,
    });
    loop.reset();
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: os.tmpdir(),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DEVEL: 'true',
    SEED_DEMO_DATA: 'false',
    RATE_LIMIT_MAX: '1000000000',
    PUBLIC_URL: base,
    REGISTRY_URL: registryUrl,
    // The wait is the registry's; the bench measures what it does to the others, not retries.
    REGISTRY_TIMEOUT_MS: String(Math.max(1_000, delayMs * 3)),
  });
  const app = await buildApp({ config, database, jobs: null });
  app.jobs = await startJobQueue(database, {
    work: true,
    logger: app.log,
    jobs: jobRegistry,
    context: jobContext(app),
  });
  const session = async (afm: string) => {
    const person = await database.db
      .selectFrom('persons')
      .selectAll()
      .where('afm', '=', afm)
      .executeTakeFirstOrThrow();
    const user = await upsertPersonUser(database, {
      afm,
      firstname: person.firstname,
      surname: person.surname,
      email: person.email ?? null,
      username: null,
      certifiedMobile: null,
      grantAdmin: false,
    });
    const { token } = await app.auth.sessions.create({
      userId: user.id,
      provider: 'gsis',
      claims: ['gsis_login'],
      isAdmin: false,
      ip: null,
      userAgent: null,
    });
    return token;
  };
  const tokens: Tokens = { wizard: await session(WIZARD_AFM), other: await session(OTHER_AFM) };
  await app.listen({ host: '127.0.0.1', port });
  process.send?.(tokens);
  process.on('SIGTERM', () => {
    void app.jobs
      ?.stop()
      .then(() => app.close())
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

type Stats = { ms: number[]; failures: number; failed: Record<string, number> };

/** One other client: its requests one after the other until `until`. */
async function otherClient(token: string, until: number, stats: Stats): Promise<void> {
  const paths = ['/api/users/me', '/api/citizen-declarations', '/api/templates?limit=10'];
  let i = 0;
  while (Date.now() < until) {
    const path = paths[i % paths.length] ?? '/api/users/me';
    i += 1;
    const t0 = performance.now();
    try {
      const { status } = await call(token, 'GET', path);
      if (status >= 400) {
        stats.failures += 1;
        stats.failed[`${status} ${path}`] = (stats.failed[`${status} ${path}`] ?? 0) + 1;
      } else stats.ms.push(performance.now() - t0);
    } catch {
      stats.failures += 1;
    }
  }
}

/** The other requests at `othersRate` a second until `until`, each timed from when it was due. */
async function otherArrivals(token: string, until: number, stats: Stats): Promise<void> {
  const paths = ['/api/users/me', '/api/citizen-declarations', '/api/templates?limit=10'];
  const interval = 1_000 / othersRate;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; Date.now() < until; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const path = paths[i % paths.length] ?? '/api/users/me';
    pending.push(
      call(token, 'GET', path).then(
        ({ status }) => {
          if (status >= 400) {
            stats.failures += 1;
            stats.failed[`${status} ${path}`] = (stats.failed[`${status} ${path}`] ?? 0) + 1;
          } else stats.ms.push(performance.now() - due);
        },
        () => {
          stats.failures += 1;
        },
      ),
    );
  }
  await Promise.all(pending);
}

type WizardStats = { lookups: number; lookupMs: number[]; failures: number; requests: number };

/** One citizen's wizard, again and again until `until`: draft, look-ups, polls, delete. */
async function wizard(token: string, until: number, stats: WizardStats): Promise<void> {
  while (Date.now() < until) {
    const started = Date.now();
    try {
      await oneDraft(token, stats);
    } catch {
      stats.failures += 1;
      await sleep(1_000);
    }
    const rest = started + wizardPeriodMs - Date.now();
    if (rest > 0 && Date.now() + rest < until) await sleep(rest);
  }
}

/** One draft: created, its look-ups started and polled as the web does until done, deleted. */
async function oneDraft(token: string, stats: WizardStats): Promise<void> {
  stats.requests += 1;
  const created = await call(token, 'POST', '/api/my-declarations/', {
    document: { template: 'fuel-pass', statements: {} },
  });
  const id = (created.json as { data?: { document?: { id?: string } } }).data?.document?.id;
  if (created.status !== 201 || !id) throw new Error(`create ${created.status}`);
  const t0 = performance.now();
  stats.requests += 1;
  const started = await call(token, 'POST', `/api/my-declarations/${id}/lookups`, {
    refresh: false,
  });
  const pollId = (started.json as { data?: { poll_id?: string } }).data?.poll_id;
  if (!pollId) throw new Error(`lookups ${started.status}`);
  let wait = 10;
  for (let polls = 0; polls < 30; polls += 1) {
    await sleep(wait);
    wait = 1_000;
    stats.requests += 1;
    const polled = await call(token, 'GET', `/api/my-declarations/${id}/lookups/${pollId}`);
    const status = (polled.json as { data?: { status?: string } }).data?.status;
    if (polled.status !== 200) throw new Error(`poll ${polled.status}`);
    if (status === 'notpending') {
      stats.lookups += 1;
      stats.lookupMs.push(performance.now() - t0);
      break;
    }
  }
  stats.requests += 1;
  await call(token, 'DELETE', `/api/my-declarations/${id}`);
}

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A process's CPU time so far (user + system), in ms, from /proc (Linux). */
function processCpuMs(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    // utime and stime are fields 14 and 15 of stat, 12 and 13 after the command's name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
const CLOCK_TICKS = 100;

type EventLoop = { event_loop_p99_ms: number; event_loop_max_ms: number };

/** The API process's event-loop delay since it was last asked (and a new count from now). */
function eventLoopOf(worker: Worker): Promise<EventLoop> {
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if (typeof message !== 'object' || message === null || !('event_loop_p99_ms' in message)) {
        return;
      }
      worker.off('message', listener);
      resolve(message as EventLoop);
    };
    worker.on('message', listener);
    worker.send('event-loop');
  });
}

async function phase(tokens: Tokens, withWizards: boolean, worker: Worker, label: string) {
  const apiPid = worker.process.pid ?? 0;
  await eventLoopOf(worker);
  const until = Date.now() + phaseSeconds * 1_000;
  // Where the two cores go: the API process, and this one (the clients and the simulator).
  const apiCpuBefore = processCpuMs(apiPid);
  const benchCpuBefore = process.cpuUsage();
  const stats: Stats = { ms: [], failures: 0, failed: {} };
  const wizardStats: WizardStats = { lookups: 0, lookupMs: [], failures: 0, requests: 0 };
  const load1Before = os.loadavg()[0] ?? 0;
  await Promise.all([
    ...(othersRate > 0
      ? [otherArrivals(tokens.other, until, stats)]
      : Array.from({ length: others }, () => otherClient(tokens.other, until, stats))),
    ...(withWizards
      ? Array.from({ length: wizards }, async (_, i) => {
          // The wizards' pages open spread over the first two seconds.
          await sleep((i * 2_000) / wizards);
          await wizard(tokens.wizard, until, wizardStats);
        })
      : []),
  ]);
  return {
    phase: label,
    other_requests: stats.ms.length,
    other_failures: stats.failures,
    ...(stats.failures > 0 ? { other_failed: stats.failed } : {}),
    other_p50_ms: round1(percentile(stats.ms, 50)),
    other_p95_ms: round1(percentile(stats.ms, 95)),
    other_p99_ms: round1(percentile(stats.ms, 99)),
    ...(withWizards
      ? {
          wizard_requests_per_s: round1(wizardStats.requests / phaseSeconds),
          lookups_done: wizardStats.lookups,
          lookup_p50_ms: Math.round(percentile(wizardStats.lookupMs, 50)),
          lookup_p99_ms: Math.round(percentile(wizardStats.lookupMs, 99)),
          wizard_failures: wizardStats.failures,
        }
      : {}),
    load_average_before: round1(load1Before),
    ...(await eventLoopOf(worker)),
    api_cpu_percent: Math.round(
      ((processCpuMs(apiPid) - apiCpuBefore) / (phaseSeconds * 1000)) * 100,
    ),
    bench_cpu_percent: Math.round(
      ((process.cpuUsage(benchCpuBefore).user + process.cpuUsage(benchCpuBefore).system) /
        1000 /
        (phaseSeconds * 1000)) *
        100,
    ),
  };
}

async function main(): Promise<void> {
  await recreateDatabase();
  const database = await openDatabase({ kind: 'postgres', connectionString: databaseUrl });
  await migrate(database);
  await seedDemoData(database);
  const simulator = await startRegistrySimulator(database, { delayMs, failureRate: 0 });
  const worker = cluster.fork({ BENCH_REGISTRY_URL: simulator.url });
  const tokens = await new Promise<Tokens>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('exit', (code) => reject(new Error(`the API process exited (${code})`)));
  });
  const results = [];
  // A warm-up of the other requests, not counted.
  await phase(tokens, false, worker, 'warm-up');
  for (let i = 0; i < rounds; i += 1) {
    let reference;
    if (referenceKind === 'instant') {
      simulator.configure({ delayMs: 0 });
      reference = await phase(tokens, true, worker, `${wizards} wizards, registry at once`);
      simulator.configure({ delayMs });
      await sleep(1_000);
    } else {
      reference = await phase(tokens, false, worker, 'reference (no registry traffic)');
    }
    const loaded = await phase(tokens, true, worker, `${wizards} wizards, registry ${delayMs} ms`);
    // Let the queue drain between phases: no look-up of a phase runs into the next one.
    await sleep(delayMs * 2);
    results.push({
      round: i + 1,
      reference,
      loaded,
      p99_ratio: round1((loaded.other_p99_ms / reference.other_p99_ms) * 100) / 100,
    });
  }
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  worker.kill('SIGTERM');
  await exited;
  await simulator.close();
  await database.close();
  console.log(
    JSON.stringify(
      {
        bench: 'registry-wizards',
        wizards,
        registry_delay_ms: delayMs,
        other_clients: othersRate > 0 ? `open loop, ${othersRate} requests/s` : others,
        phase_seconds: phaseSeconds,
        reference: referenceKind === 'instant' ? 'the same wizards, registry at once' : 'none',
        wizard_period_ms: wizardPeriodMs,
        budget: 'p99 of other requests with wizards ≤ 1.2 × the reference p99 of the same run',
        cpus: os.cpus().length,
        results,
      },
      null,
      2,
    ),
  );
}

if (cluster.isPrimary) {
  await main();
} else {
  await apiProcess(process.env.BENCH_REGISTRY_URL ?? '');
}
