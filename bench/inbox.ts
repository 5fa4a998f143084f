// The entity inbox list over 1,000,000 cases (DESIGN.md section 7: p95 < 50 ms for page 1 of every
// tab, a deep page, a citizen-name search and a date range, each with the tab counts).
// Seeds CASES (default 1,000,000) cases over ENTITIES (default 50) entities, one of them holding
// BIG (default 200,000), into the PostgreSQL database of DATABASE_URL (created when missing; a
// database that already holds the bench cases is reused). Then one real API process (a forked
// child) serves, and this process sends, for each scenario on the big entity, REQUESTS requests
// from one client and then from CLIENTS concurrent clients, printing p50/p95/p99 per scenario
// (the list scenarios and, issue #41, the statistics of that entity).
// The ceiling beside them: GET /api/entities (the same session check and one small query), the
// floor any list request stands on, measured in the same run.
// Run: node --import tsx bench/inbox.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/dilosi_bench_inbox REQUESTS=200 CLIENTS=20
//   SCENARIOS=search,deep (only those whose name contains one of these)
import cluster from 'node:cluster';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { nameKey } from '@dilosi/domain';
import { buildApp } from '../packages/server/src/app';
import { DEFAULT_TEMPLATES_DIR, loadConfig } from '../packages/server/src/config';
import { EXTERNAL_LOGINS } from '../packages/server/test/external-logins';
import { openDatabase } from '../packages/server/src/db/database';
import { migrate } from '../packages/server/src/db/migrate';
import { loadCatalog, storeTemplates } from '../packages/server/src/modules/templates';
import { ensureDatabase } from './bench-database';

const databaseUrl =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dilosi_bench_inbox';
const totalCases = Number(process.env.CASES ?? 1_000_000);
const entityCount = Number(process.env.ENTITIES ?? 50);
const bigCases = Number(process.env.BIG ?? 200_000);
const requestsPerScenario = Number(process.env.REQUESTS ?? 200);
const clients = Number(process.env.CLIENTS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 18_472);
/** Only the scenarios whose name contains one of these (comma-separated); the ceiling always runs. */
const only = (process.env.SCENARIOS ?? '').split(',').filter(Boolean);
const BENCH_AFM = '100000170';

const FIRSTNAMES = ['ΜΑΡΙΑ', 'ΓΕΩΡΓΙΟΣ', 'ΕΛΕΝΗ', 'ΙΩΑΝΝΗΣ', 'ΑΙΚΑΤΕΡΙΝΗ', 'ΝΙΚΟΛΑΟΣ', 'ΒΑΣΙΛΙΚΗ'];
const FIRSTNAMES_MORE = [
  'ΔΗΜΗΤΡΙΟΣ',
  'ΣΟΦΙΑ',
  'ΚΩΝΣΤΑΝΤΙΝΟΣ',
  'ΑΓΓΕΛΙΚΗ',
  'ΠΑΝΑΓΙΩΤΗΣ',
  'ΧΡΙΣΤΙΝΑ',
];
const SURNAMES = [
  'ΠΑΠΑΔΟΠΟΥΛΟΣ',
  'ΒΛΑΧΟΣ',
  'ΑΓΓΕΛΟΠΟΥΛΟΣ',
  'ΝΙΚΟΛΑΙΔΗΣ',
  'ΚΑΡΑΜΑΝΛΗΣ',
  'ΟΙΚΟΝΟΜΟΥ',
  'ΜΠΑΚΟΓΙΑΝΝΗΣ',
  'ΧΑΤΖΗΔΑΚΗΣ',
  'ΣΤΑΥΡΟΠΟΥΛΟΣ',
  'ΤΣΑΚΑΛΩΤΟΣ',
  'ΓΕΩΡΓΙΑΔΗΣ',
  'ΜΙΧΑΗΛΙΔΗΣ',
  'ΑΛΕΞΙΟΥ',
  'ΔΗΜΟΠΟΥΛΟΣ',
  'ΘΕΟΔΩΡΟΥ',
  'ΚΩΣΤΟΠΟΥΛΟΣ',
  'ΛΑΜΠΡΟΠΟΥΛΟΣ',
  'ΜΑΚΡΗΣ',
  'ΞΕΝΑΚΗΣ',
  'ΠΕΤΡΙΔΗΣ',
];
const TEMPLATES = [
  ['solemn-declaration', 'Υπεύθυνη δήλωση'],
  ['authorisation', 'Εξουσιοδότηση'],
  ['id-loss-declaration', 'Δήλωση απώλειας ταυτότητας'],
  ['application-attachments', 'Αίτηση με συνημμένα'],
  ['school-trip-consent', 'Συναίνεση για σχολική εκδρομή'],
] as const;

/** Seeds the entities, the bench clerk (is_admin, clerk of all) and the cases; idempotent. */
async function seed(): Promise<{ bigEntity: string; seconds: number }> {
  await ensureDatabase(databaseUrl);
  const database = await openDatabase({
    kind: 'postgres',
    connectionString: databaseUrl,
    poolSize: 2,
  });
  const started = performance.now();
  try {
    await migrate(database);
    await storeTemplates(database, await loadCatalog(DEFAULT_TEMPLATES_DIR));
    const q = database.query.bind(database);
    for (let n = 1; n <= entityCount; n += 1) {
      const code = `BENCH_E${String(n).padStart(2, '0')}`;
      await q(
        `insert into entities (codename, display_name) values ($1, $2) on conflict (codename) do nothing`,
        [code, JSON.stringify({ el: `Φορέας ${n}`, en: `Entity ${n}`, fr: `Entité ${n}` })],
      );
    }
    await q(
      `insert into users (afm, firstname, surname, is_admin) values ($1, 'ΒΕΝΤΣ', 'ΧΕΙΡΙΣΤΗΣ', true)
       on conflict (afm) do nothing`,
      [BENCH_AFM],
    );
    const clerkId = (await q<{ id: string }>('select id from users where afm = $1', [BENCH_AFM]))
      .rows[0]?.id;
    if (!clerkId) throw new Error('no bench clerk');
    // Other clerks to spread assignments over.
    for (let n = 0; n < 9; n += 1) {
      await q(
        `insert into users (anonymous_subject, firstname, surname) values ($1, $2, 'ΥΠΑΛΛΗΛΟΣ')
         on conflict (anonymous_subject) do nothing`,
        [`bench-clerk-${n}`, FIRSTNAMES[n % FIRSTNAMES.length] ?? 'Α'],
      );
    }
    const clerks = (
      await q<{ id: string }>(
        `select id from users where afm = $1 or anonymous_subject like 'bench-clerk-%' order by id`,
        [BENCH_AFM],
      )
    ).rows.map((row) => row.id);
    const entities = (
      await q<{ id: string; codename: string }>(
        `select id, codename from entities where codename like 'BENCH_E%' order by codename`,
      )
    ).rows;
    for (const entity of entities) {
      for (const user of clerks) {
        await q(
          `insert into permissions (user_id, entity_id, role, state) values ($1, $2, 'clerk', 'active')
           on conflict do nothing`,
          [user, entity.id],
        );
      }
    }
    const big = entities[0];
    if (!big) throw new Error('no entities');
    // The bench user is also the big entity's head: the statistics are the heads' (issue #41).
    await q(
      `insert into permissions (user_id, entity_id, role, state) values ($1, $2, 'head', 'active')
       on conflict do nothing`,
      [clerkId, big.id],
    );
    const names: string[] = [];
    for (const first of [...FIRSTNAMES, ...FIRSTNAMES_MORE]) {
      for (const surname of SURNAMES) names.push(`${first} ${surname}`);
    }
    const keys = names.map((name) => nameKey(name));
    const existing = Number(
      (await q<{ n: string }>(`select count(*) as n from inbox_entries where case_id like 'B%'`))
        .rows[0]?.n ?? 0,
    );
    if (existing < totalCases) {
      const others = entities.length - 1;
      const perOther = Math.floor((totalCases - bigCases) / Math.max(1, others));
      for (const [index, entity] of entities.entries()) {
        const count = index === 0 ? bigCases : perOther;
        const already = Number(
          (
            await q<{ n: string }>(`select count(*) as n from inbox_entries where entity_id = $1`, [
              entity.id,
            ])
          ).rows[0]?.n ?? 0,
        );
        for (let from = already + 1; from <= count; from += 50_000) {
          const to = Math.min(count, from + 49_999);
          await q(
            `insert into inbox_entries (entity_id, case_id, status, assignee_id, reference_code,
               template_refname, subject, citizen_name, citizen_name_key, received_at, updated_at,
               closed_at)
             select $1, $2 || '/' || lpad(g::text, 7, '0'), s.status,
               case when s.status = 'incoming' then null else ($6::uuid[])[1 + (g * 13) % $7] end,
               'BENCH' || $2 || g, ($8::text[])[1 + g % 5], ($9::text[])[1 + g % 5],
               ($4::text[])[1 + (g * 7919) % $5], ($10::text[])[1 + (g * 7919) % $5],
               now() - a.age_s * interval '1 second',
               now(),
               -- A closed case closed up to 30 days after it arrived (never after now).
               case when s.status in ('finished', 'canceled') then now()
                 - (a.age_s - least(a.age_s, (g::bigint * 7919) % (30 * 86400))) * interval '1 second'
               end
             from generate_series($3::int, $11::int) as g
             cross join lateral (select (array['incoming','pending','pending','finished',
               'finished','finished','canceled'])[1 + (g * 31) % 7] as status) s
             cross join lateral (select (g::bigint * 7331) % (730 * 86400) as age_s) a`,
            [
              entity.id,
              `B${entity.codename.slice(-2)}`,
              from,
              names,
              names.length,
              clerks,
              clerks.length,
              TEMPLATES.map((t) => t[0]),
              TEMPLATES.map((t) => t[1]),
              keys,
              to,
            ],
          );
        }
      }
      await q('analyze inbox_entries');
      await q('analyze inbox_counts');
    }
    return { bigEntity: big.id, seconds: Math.round((performance.now() - started) / 1000) };
  } finally {
    await database.close();
  }
}

async function serve(): Promise<void> {
  const database = await openDatabase({
    kind: 'postgres',
    connectionString: databaseUrl,
    poolSize: Number(process.env.DATABASE_POOL_SIZE ?? 20),
  });
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    DATA_DIR: os.tmpdir(),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    DEVEL: 'false',
    // DEVEL off needs real logins (loadConfig): providers nothing answers; sessions are made directly.
    ...EXTERNAL_LOGINS,
    RATE_LIMIT_MAX: '1000000000',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  const app = await buildApp({ config, database });
  await app.listen({ host: '127.0.0.1', port });
  const user = (
    await database.query<{ id: string }>('select id from users where afm = $1', [BENCH_AFM])
  ).rows[0];
  if (!user) throw new Error('run the seed first');
  const { token } = await app.auth.sessions.create({
    userId: user.id,
    provider: 'gsis_admin',
    claims: ['gsis_login'],
    isAdmin: true,
    ip: null,
    userAgent: null,
  });
  process.send?.({ token });
  process.on('SIGTERM', () => {
    void app
      .close()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

/** REQUESTS requests spread over `concurrency` clients; latencies in ms. */
async function measure(
  paths: () => string,
  token: string,
  concurrency: number,
): Promise<{ p50: number; p95: number; p99: number; failed: number; per_second: number }> {
  const latencies: number[] = [];
  let failed = 0;
  let left = requestsPerScenario;
  const started = performance.now();
  const client = async () => {
    while (left > 0) {
      left -= 1;
      const path = paths();
      const t0 = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (!response.ok) failed += 1;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    failed,
    per_second: Math.round(latencies.length / seconds),
  };
}

async function run(): Promise<void> {
  const seeded = await seed();
  const worker = cluster.fork();
  const token = await new Promise<string>((resolve, reject) => {
    worker.once('message', (message: { token: string }) => resolve(message.token));
    worker.once('exit', (code) => reject(new Error(`API process exited (${code})`)));
  });
  const base = `/api/entity/${seeded.bigEntity}/inbox`;
  const statistics = `/api/entity/${seeded.bigEntity}/statistics`;
  let n = 0;
  const rotate = (list: readonly string[]) => () => list[n++ % list.length] ?? '';
  const surnames = ['papadopoulos', 'Βλάχος', 'οικονομου', 'XATZIDAKIS', 'Μακρής'];
  const fullNames = ['Μαρία Παπαδοπούλου', 'giorgos vlachos', 'ΕΛΕΝΗ ΟΙΚΟΝΟΜΟΥ', 'sofia makris'];
  const day = (offset: number) =>
    new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
  const scenarios: [string, () => string][] = [
    ['ceiling: GET /api/entities', rotate(['/api/entities'])],
    ...(['all', 'incoming', 'pending', 'finished', 'canceled'] as const).map(
      (tab) =>
        [
          `page 1, ${tab}`,
          rotate([tab === 'all' ? `${base}?limit=10` : `${base}?limit=10&status=${tab}`]),
        ] as [string, () => string],
    ),
    ['page 1, me', rotate([`${base}?limit=10&status=pending&assignee_id=me`])],
    // Issue #33: only the cases with new activity (the bench clerk has opened none).
    ['page 1, new activity', rotate([`${base}?limit=10&activity=new`])],
    ['page 1, incoming, new activity', rotate([`${base}?limit=10&status=incoming&activity=new`])],
    ['deep page (offset 10,000)', rotate([`${base}?limit=10&offset=10000`])],
    [
      'deep page, oldest first (offset 10,000)',
      rotate([`${base}?limit=10&offset=10000&ordering=received_at`]),
    ],
    [
      'surname search',
      rotate(surnames.map((s) => `${base}?limit=10&user=${encodeURIComponent(s)}`)),
    ],
    [
      'full-name search',
      rotate(fullNames.map((s) => `${base}?limit=10&user=${encodeURIComponent(s)}`)),
    ],
    [
      'date range (7 days)',
      rotate(
        [30, 90, 200, 400].map((d) => `${base}?limit=10&date_from=${day(d + 7)}&date_to=${day(d)}`),
      ),
    ],
    [
      'date range (1 year), incoming',
      rotate([`${base}?limit=10&status=incoming&date_from=${day(400)}&date_to=${day(35)}`]),
    ],
    // Issue #41 (DESIGN section 7: < 200 ms for the entity of 200,000 cases).
    ['statistics, 12 weeks', rotate([`${statistics}`])],
    [
      'statistics, 1 year, one template',
      rotate([
        `${statistics}?date_from=${day(365)}&date_to=${day(0)}&template=${TEMPLATES[0]?.[0]}`,
      ]),
    ],
    ['statistics, 2 years', rotate([`${statistics}?date_from=${day(730)}&date_to=${day(0)}`])],
  ];
  const results: Record<string, unknown>[] = [];
  for (const [name, paths] of scenarios) {
    if (only.length && !name.startsWith('ceiling') && !only.some((part) => name.includes(part))) {
      continue;
    }
    await measure(paths, token, 4); // warm-up
    const one = await measure(paths, token, 1);
    const many = await measure(paths, token, clients);
    results.push({ scenario: name, one_client: one, [`${clients}_clients`]: many });
    console.log(JSON.stringify(results.at(-1)));
  }
  worker.kill('SIGTERM');
  console.log(
    JSON.stringify({
      cases: totalCases,
      entities: entityCount,
      big_entity_cases: bigCases,
      seed_seconds: seeded.seconds,
      requests_per_scenario: requestsPerScenario,
      cpus: os.cpus().length,
      load_average: os.loadavg().map((v) => Math.round(v * 100) / 100),
    }),
  );
}

if (cluster.isPrimary) {
  run().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  serve().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
