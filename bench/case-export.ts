// The spreadsheet export of an entity's cases at its largest (issue #41): INBOX_EXPORT_MAX_ROWS
// (200,000) cases, each with a citizen's issued document (every form field of its template
// filled) and three annotations, written as XLSX and as ODS by the case-export job's own
// function. Each format runs in a child process of its own, so its peak memory is its own.
// The reference, in the same run: the streamed CSV of the same list (the export a clerk already
// had, which never holds the list in memory).
// Seeds CASES (default 200,000) into the PostgreSQL database of DATABASE_URL (created when
// missing; reused when it already holds them).
// Run: node --import tsx --expose-gc bench/case-export.ts
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/dilosi_bench_export CASES=200000
//   FORMATS=csv,xlsx,ods
import { fork } from 'node:child_process';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { inboxQuerySchema, nameKey } from '@dilosi/domain';
import { DEFAULT_TEMPLATES_DIR } from '../packages/server/src/config';
import { openDatabase } from '../packages/server/src/db/database';
import { migrate } from '../packages/server/src/db/migrate';
import {
  buildCaseExport,
  requestCaseExport,
} from '../packages/server/src/modules/cases/case-exports';
import { exportInbox } from '../packages/server/src/modules/cases/export-inbox';
import { filterableFields } from '../packages/server/src/modules/cases/inbox-filters';
import {
  loadCatalog,
  storeTemplates,
  TemplateCatalog,
} from '../packages/server/src/modules/templates';
import { ensureDatabase } from './bench-database';

const databaseUrl =
  process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/dilosi_bench_export';
const totalCases = Number(process.env.CASES ?? 200_000);
const formats = (process.env.FORMATS ?? 'csv,xlsx,ods').split(',').filter(Boolean);
const BENCH_AFM = '100000171';
const ENTITY = 'BENCH_EXPORT';
const TEMPLATES = [
  'solemn-declaration',
  'authorisation',
  'id-loss-declaration',
  'application-attachments',
  'school-trip-consent',
] as const;
const NAMES = ['ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', 'ΓΕΩΡΓΙΟΣ ΒΛΑΧΟΣ', 'ΕΛΕΝΗ ΟΙΚΟΝΟΜΟΥ', 'ΝΙΚΟΛΑΟΣ ΜΑΚΡΗΣ'];

const open = () => openDatabase({ kind: 'postgres', connectionString: databaseUrl, poolSize: 4 });

/** The entity, its head, three annotation fields and the cases with their documents; idempotent. */
async function seed(): Promise<{ entityId: string; userId: string; seconds: number }> {
  await ensureDatabase(databaseUrl);
  const database = await open();
  const started = performance.now();
  try {
    await migrate(database);
    const templates = await loadCatalog(DEFAULT_TEMPLATES_DIR);
    await storeTemplates(database, templates);
    const catalog = new TemplateCatalog(templates, database, { devel: false });
    const q = database.query.bind(database);
    await q(
      `insert into entities (codename, display_name) values ($1, $2) on conflict (codename) do nothing`,
      [ENTITY, JSON.stringify({ el: 'Φορέας εξαγωγής', en: 'Export entity', fr: 'Entité' })],
    );
    await q(
      `insert into users (afm, firstname, surname) values ($1, 'ΒΕΝΤΣ', 'ΠΡΟΪΣΤΑΜΕΝΗ')
       on conflict (afm) do nothing`,
      [BENCH_AFM],
    );
    const userId = (await q<{ id: string }>('select id from users where afm = $1', [BENCH_AFM]))
      .rows[0]?.id;
    const entityId = (
      await q<{ id: string }>('select id from entities where codename = $1', [ENTITY])
    ).rows[0]?.id;
    if (!userId || !entityId) throw new Error('seed: no user or entity');
    await q(
      `insert into permissions (user_id, entity_id, role, state) values ($1, $2, 'head', 'active')
       on conflict do nothing`,
      [userId, entityId],
    );
    for (const [label, kind, choices] of [
      ['Αριθμός πρωτοκόλλου', 'text', '[]'],
      ['Προτεραιότητα', 'choice', '["Υψηλή","Κανονική","Χαμηλή"]'],
      ['Ημερομηνία αυτοψίας', 'date', '[]'],
    ] as const) {
      await q(
        `insert into annotation_fields (entity_id, label, kind, choices, created_at)
         values ($1, $2, $3, $4, now()) on conflict do nothing`,
        [entityId, label, kind, choices],
      );
    }
    const existing = Number(
      (
        await q<{ n: string }>('select count(*) as n from inbox_entries where entity_id = $1', [
          entityId,
        ])
      ).rows[0]?.n ?? 0,
    );
    // A document's values: every form field of its template, a realistic length each.
    const values = TEMPLATES.map((refname) => {
      const template = catalog.find(refname);
      if (!template) throw new Error(`no template ${refname}`);
      return JSON.stringify(
        Object.fromEntries(
          filterableFields(template).map((field, n) => [
            field.key,
            `${field.label.el} — τιμή ${n + 1} της δήλωσης, οδός Πανεπιστημίου 12`,
          ]),
        ),
      );
    });
    for (let from = existing + 1; from <= totalCases; from += 20_000) {
      const to = Math.min(totalCases, from + 19_999);
      await q(
        `insert into documents (id, owner_id, template_refname, template_version, type, state,
           step, values, registry_fields, reference_code, is_official, digest, issued_at,
           created_at, updated_at)
         select md5('bench-export-' || g)::uuid, $1, ($2::text[])[1 + g % 5], 1, 'solemn_declaration',
           'issued', 'done', ($3::jsonb[])[1 + g % 5], '[]', 'BX' || g, false, md5(g::text),
           now() - (g % 700) * interval '1 day', now(), now()
         from generate_series($4::int, $5::int) as g`,
        [userId, [...TEMPLATES], values, from, to],
      );
      await q(
        `insert into inbox_entries (entity_id, document_id, case_id, status, reference_code,
           template_refname, subject, citizen_name, citizen_name_key, received_at, updated_at)
         select $1, md5('bench-export-' || g)::uuid, 'BX/' || lpad(g::text, 7, '0'),
           (array['incoming','pending','finished'])[1 + g % 3], 'BX' || g,
           ($2::text[])[1 + g % 5], 'Δήλωση ' || g, ($3::text[])[1 + g % 4],
           ($4::text[])[1 + g % 4], now() - (g % 700) * interval '1 day', now()
         from generate_series($5::int, $6::int) as g`,
        [entityId, [...TEMPLATES], NAMES, NAMES.map(nameKey), from, to],
      );
    }
    await q(
      `insert into case_annotations (inbox_entry_id, field_id, value, updated_at)
       select e.id, f.id, case f.kind
           when 'text' then 'ΠΡΩΤ-' || e.reference_code
           when 'choice' then (array['Υψηλή','Κανονική','Χαμηλή'])[1 + abs(hashtext(e.case_id)) % 3]
           else to_char(e.received_at, 'YYYY-MM-DD') end, now()
       from inbox_entries e cross join annotation_fields f
       where e.entity_id = $1 and f.entity_id = $1
       on conflict do nothing`,
      [entityId],
    );
    await q('analyze');
    return { entityId, userId, seconds: Math.round((performance.now() - started) / 1000) };
  } finally {
    await database.close();
  }
}

type Figures = {
  format: string;
  rows: number;
  seconds: number;
  bytes: number;
  peak_rss_mb: number;
  peak_heap_mb: number;
  start_rss_mb: number;
};

/** One format, in this (child) process: the time, the file's size and the peak memory. */
async function runFormat(format: string, entityId: string, userId: string): Promise<Figures> {
  const database = await open();
  const catalog = new TemplateCatalog(await loadCatalog(DEFAULT_TEMPLATES_DIR), database, {
    devel: false,
  });
  const mb = (bytes: number) => Math.round(bytes / 1048576);
  (globalThis as { gc?: () => void }).gc?.();
  const startRss = process.memoryUsage.rss();
  let peakRss = startRss;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }, 20);
  const started = performance.now();
  let bytes = 0;
  let rows = 0;
  try {
    if (format === 'csv') {
      const query = inboxQuerySchema.parse({});
      for await (const chunk of exportInbox(database.db, catalog, {
        entityId,
        userId,
        query,
        locale: 'el',
        onFailure: (error) => {
          throw error;
        },
      })) {
        bytes += Buffer.byteLength(chunk);
        rows += chunk.split('\r\n').length - 1;
      }
      rows -= 1; // the header
    } else {
      const requested = await requestCaseExport(database.db, null, {
        entityId,
        userId,
        locale: 'el',
        format: format as 'xlsx' | 'ods',
        tab: 'all',
        query: '',
      });
      await buildCaseExport(database, catalog, requested.id);
      const row = await database.db
        .selectFrom('case_exports')
        .select(['state', 'size', 'done'])
        .where('id', '=', requested.id)
        .executeTakeFirstOrThrow();
      if (row.state !== 'ready') throw new Error(`export ended ${row.state}`);
      bytes = row.size ?? 0;
      rows = row.done;
    }
  } finally {
    clearInterval(sampler);
    await database.close();
  }
  return {
    format,
    rows,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    bytes,
    peak_rss_mb: mb(peakRss),
    peak_heap_mb: mb(peakHeap),
    start_rss_mb: mb(startRss),
  };
}

async function main(): Promise<void> {
  const [, , role, format, entityId, userId] = process.argv;
  if (role === '--format' && format && entityId && userId) {
    process.send?.(await runFormat(format, entityId, userId));
    return;
  }
  const seeded = await seed();
  console.log(JSON.stringify({ seeded_cases: totalCases, seed_seconds: seeded.seconds }));
  // One export at a time per person: earlier runs' rows go.
  const database = await open();
  await database.query('delete from case_exports where user_id = $1', [seeded.userId]);
  await database.close();
  const file = fileURLToPath(import.meta.url);
  for (const name of formats) {
    const child = fork(file, ['--format', name, seeded.entityId, seeded.userId], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
    });
    const figures = await new Promise<Figures>((resolve, reject) => {
      child.once('message', (message) => resolve(message as Figures));
      child.once('exit', (code) => reject(new Error(`${name}: child exited (${code})`)));
    });
    child.kill();
    console.log(JSON.stringify(figures));
    const cleanup = await open();
    await cleanup.query('delete from case_exports where user_id = $1', [seeded.userId]);
    await cleanup.close();
  }
  console.log(
    JSON.stringify({
      cpus: os.cpus().length,
      load_average: os.loadavg().map((v) => Math.round(v * 100) / 100),
    }),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
