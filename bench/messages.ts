// The citizens' message poll at scale (issue #15, "Speed and safety"): CITIZENS citizens with
// MESSAGES messages each on PostgreSQL (a database of its own, bulk-inserted with SQL), one API
// process, and POLLERS citizens polling POST /api/gates/USER/gate/inbox-entries for new
// messages as the web app does (features/messages: `{ status: ['incoming'], after }`, the first
// poll 1,000 ms after the page opens, each delay 1.05 × the one before, none after 20,000 ms;
// the pollers' pages open spread over the first second). Prints requests/s, latency, failures,
// and the database's CPU: the CPU time of the API process's PostgreSQL backends, read from /proc
// (the server is shared; only this database's backends are counted). Prints JSON.
// Run: node --import tsx bench/messages.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/dilosi_bench_messages (created when missing;
//   seeded once, kept for the next run)   CITIZENS=10000 MESSAGES=50 POLLERS=1000 RUNS=2
//   NEW_MESSAGES_PER_SECOND=50: messages arriving for the pollers during the run
//   CPU_PROF=dir: the API process writes V8 CPU profiles there (bench/cpu-profile-summary.mjs)
import cluster from 'node:cluster';
import fs from 'node:fs/promises';
import os from 'node:os';
import pg from 'pg';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { EXTERNAL_LOGINS } from '../packages/server/test/external-logins';
import { openDatabase } from '../packages/server/src/db/database';
import { migrate } from '../packages/server/src/db/migrate';
import { ensureDatabase } from './bench-database';

const databaseUrl =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dilosi_bench_messages';
const citizens = Number(process.env.CITIZENS ?? 10_000);
const messagesEach = Number(process.env.MESSAGES ?? 50);
const pollers = Number(process.env.POLLERS ?? 1_000);
const runs = Number(process.env.RUNS ?? 2);
const newPerSecond = Number(process.env.NEW_MESSAGES_PER_SECOND ?? 50);
const port = Number(process.env.BENCH_PORT ?? 18_472);
const POLL_URL = `http://127.0.0.1:${port}/api/gates/USER/gate/inbox-entries`;
// features/messages/poll-schedule.ts
const FIRST_DELAY_MS = 1_000;
const GROWTH = 0.05;
const STOP_AFTER_MS = 20_000;

/** Citizens 1..CITIZENS (tax numbers 3xxxxxxxx) with MESSAGES older messages each, once. */
async function seed(): Promise<{ seconds: number; messages: number }> {
  await ensureDatabase(databaseUrl);
  const database = await openDatabase({ kind: 'postgres', connectionString: databaseUrl });
  await migrate(database);
  const started = performance.now();
  const { rows } = await database.query<{ n: number }>(
    "select count(*)::int as n from users where afm like '3%'",
  );
  if ((rows[0]?.n ?? 0) < citizens) {
    await database.exec(`
      insert into users (afm, firstname, surname, email)
      select (300000000 + i)::text, 'ΠΟΛΙΤΗΣ', 'ΔΟΚΙΜΗΣ ' || i, 'citizen' || i || '@example.gr'
        from generate_series(1, ${citizens}) as i
      on conflict (afm) do nothing;
      insert into citizen_messages (owner_id, type, status, tsid, state_data, created_at)
      select u.id, 'message',
             (array['incoming', 'retrieved', 'retrieved', 'resolved', 'archived'])[1 + m % 5],
             -- In the past: tsid = milliseconds × 1000 + a sequence, like the service's own.
             ((extract(epoch from now()) * 1000)::bigint - 86400000::bigint * 30 + row_number() over ()) * 1000,
             jsonb_build_object('subject', 'Μήνυμα ' || m, 'body', 'Κείμενο του μηνύματος ' || m),
             now() - interval '30 days'
        from users u cross join generate_series(1, ${messagesEach}) as m
       where u.afm like '3%';
      analyze users;
      analyze citizen_messages;
    `);
  }
  const counted = await database.query<{ n: number }>(
    'select count(*)::int as n from citizen_messages',
  );
  await database.close();
  return { seconds: (performance.now() - started) / 1000, messages: counted.rows[0]?.n ?? 0 };
}

/** The API process: the product on the bench database; hands the primary POLLERS sessions. */
async function serve(): Promise<void> {
  const database = await openDatabase({
    kind: 'postgres',
    connectionString: databaseUrl,
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: os.tmpdir(),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DEVEL: 'false',
    // DEVEL off needs real logins (loadConfig): providers nothing answers; sessions are made directly.
    ...EXTERNAL_LOGINS,
    RATE_LIMIT_MAX: '1000000000',
    SEED_DEMO_DATA: 'false',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const app = await buildApp({ config, database });
  const users = await database.query<{ id: string }>(
    "select id from users where afm like '3%' order by afm limit $1",
    [pollers],
  );
  const tokens: string[] = [];
  for (const user of users.rows) {
    const session = await app.auth.sessions.create({
      userId: user.id,
      provider: 'gsis',
      claims: ['gsis_login'],
      isAdmin: false,
      ip: null,
      userAgent: null,
    });
    tokens.push(session.token);
  }
  await app.listen({ host: '127.0.0.1', port });
  let cpuFrom = process.cpuUsage();
  process.on('message', (message) => {
    if (message === 'cpu-start') cpuFrom = process.cpuUsage();
    if (message === 'cpu-stop') {
      const cpu = process.cpuUsage(cpuFrom);
      process.send?.({ cpuMicros: cpu.user + cpu.system });
    }
  });
  process.send?.({ tokens, userIds: users.rows.map((u) => u.id) });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

/** CPU seconds (user + system) so far of this database's backends, from /proc. */
async function databaseCpuSeconds(admin: pg.Client, name: string): Promise<number> {
  const { rows } = await admin.query<{ pid: number }>(
    'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
    [name],
  );
  let ticks = 0;
  for (const { pid } of rows) {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  return ticks / 100;
}

type Poll = { ms: number; status: number };

/** One citizen's page: polls on the spec's schedule from `opensAt`, following the cursor. */
async function poller(token: string, opensAt: number, polls: Poll[]): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, opensAt - Date.now())));
  const started = Date.now();
  let after = `${started}000`;
  let delay = FIRST_DELAY_MS;
  let elapsed = 0;
  while (elapsed + delay <= STOP_AFTER_MS) {
    await new Promise((resolve) => setTimeout(resolve, delay));
    elapsed += delay;
    delay *= 1 + GROWTH;
    const t0 = performance.now();
    try {
      const response = await fetch(POLL_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: ['incoming'], after }),
      });
      const body = (await response.json()) as { meta?: { incoming?: { next?: string | null } } };
      polls.push({ ms: performance.now() - t0, status: response.status });
      after = body.meta?.incoming?.next ?? after;
    } catch {
      polls.push({ ms: performance.now() - t0, status: 0 });
    }
  }
}

async function run(): Promise<void> {
  const seeded = await seed();
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  if (process.env.CPU_PROF) {
    cluster.setupPrimary({
      execArgv: [...process.execArgv, '--cpu-prof', `--cpu-prof-dir=${process.env.CPU_PROF}`],
    });
  }
  for (let round = 1; round <= runs; round += 1) {
    const worker = cluster.fork();
    const { tokens, userIds } = await new Promise<{ tokens: string[]; userIds: string[] }>(
      (resolve, reject) => {
        worker.once('message', resolve);
        worker.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
      },
    );
    // Warm-up: one poll per citizen, so connections, prepared plans and the JIT are in place.
    const warm: Poll[] = [];
    await Promise.all(
      tokens.map(async (token) => {
        const t0 = performance.now();
        const response = await fetch(POLL_URL, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ status: ['incoming'], after: `${Date.now()}000` }),
        });
        await response.arrayBuffer();
        warm.push({ ms: performance.now() - t0, status: response.status });
      }),
    );

    const loadBefore = +(os.loadavg()[0] ?? 0).toFixed(2);
    const dbCpuBefore = await databaseCpuSeconds(admin, name);
    worker.send('cpu-start');
    const polls: Poll[] = [];
    const start = Date.now();
    // New messages for the pollers while they poll, so some polls find something.
    let arrived = 0;
    const arrivals = setInterval(() => {
      const owners = Array.from(
        { length: Math.max(1, Math.round(newPerSecond / 10)) },
        () => userIds[Math.floor(Math.random() * userIds.length)] ?? '',
      );
      arrived += owners.length;
      void admin.query(
        `insert into citizen_messages (owner_id, type, status, tsid, created_at)
         select o, 'message', 'incoming',
                (extract(epoch from clock_timestamp()) * 1000)::bigint * 1000
                  + nextval('citizen_message_tsid_seq') % 1000, now()
           from unnest($1::uuid[]) as o`,
        [owners],
      );
    }, 100);
    await Promise.all(
      tokens.map((token, i) => poller(token, start + (i / tokens.length) * 1000, polls)),
    );
    clearInterval(arrivals);
    const seconds = (Date.now() - start) / 1000;
    const dbCpu = (await databaseCpuSeconds(admin, name)) - dbCpuBefore;
    const apiCpuMicros = await new Promise<number>((resolve) => {
      worker.once('message', (message: { cpuMicros: number }) => resolve(message.cpuMicros));
      worker.send('cpu-stop');
    });
    await new Promise<void>((resolve) => {
      worker.removeAllListeners('exit');
      worker.once('exit', () => resolve());
      worker.kill('SIGTERM');
    });

    const sorted = polls.map((p) => p.ms).sort((a, b) => a - b);
    const at = (q: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    console.log(
      JSON.stringify({
        run: round,
        citizens,
        messages: seeded.messages,
        seed_seconds: +seeded.seconds.toFixed(1),
        pollers,
        polls: polls.length,
        failed: polls.filter((p) => p.status !== 200).length,
        new_messages_arrived: arrived,
        seconds: +seconds.toFixed(1),
        requests_per_second: Math.round(polls.length / seconds),
        p50_ms: +at(0.5).toFixed(1),
        p99_ms: +at(0.99).toFixed(1),
        max_ms: +(sorted.at(-1) ?? 0).toFixed(1),
        api_cpu_us_per_poll: Math.round(apiCpuMicros / Math.max(1, polls.length)),
        database_cpu_seconds: +dbCpu.toFixed(2),
        database_cpu_us_per_poll: Math.round((dbCpu * 1e6) / Math.max(1, polls.length)),
        cpus: os.cpus().length,
        load_average_before: loadBefore,
        load_average_after: +(os.loadavg()[0] ?? 0).toFixed(2),
      }),
    );
  }
  await admin.end();
}

if (cluster.isPrimary) await run();
else await serve();
