// Full issuance through the API (DESIGN.md section 7: ≥ 200 documents/s on 2 cores): create →
// fields → recipient → preview submit (SMS code to the outbox) → confirm with the code read from
// the outbox → sealed PDF stored. The app runs in-process (buildApp + app.inject, like the API
// tests), so the figure is the server's work without a network stack. Prints JSON, with the
// ceiling of the same run beside it: the CPU of rendering and sealing the issued documents again,
// alone (what issuance cannot avoid; issue #16 asks for app CPU ≤ 2 × that).
// Run: node --import tsx bench/issuance.ts
//   DATABASE_URL=postgres://…   PostgreSQL server (a schema of its own, dropped at the end);
//                               default: embedded PGlite in a temporary folder
//   DOCUMENTS=400 CONCURRENCY=16 CITIZENS=20 BENCH_TRACE=1 (each request's time on stderr)
//   WARMUP=400 documents issued before the measured run (after 20, V8's helper threads still
//              spent ~7.6 ms a document compiling and collecting; ~4.9 after 400)
//   PDF_RENDER_THREADS=0 renders on the request thread (default 1 worker thread, as the server)
//   CPU_PROF=file.cpuprofile: a V8 CPU profile of the request thread over the measured run only
//              (summarise it with bench/cpu-profile-summary.mjs file DOCUMENTS); that run's CPU
//              figures then include the profiler's own work, so read them from a run without it
//   node --expose-gc …: also the RSS after a full garbage collection at the end
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresCpuMs, threadCpuMs } from './thread-cpu';
import { buildApp } from '../packages/server/src/app';
import { loadConfig } from '../packages/server/src/config';
import { EXTERNAL_LOGINS } from '../packages/server/test/external-logins';
import { openDatabase, type Database } from '../packages/server/src/db/database';
import { migrate } from '../packages/server/src/db/migrate';
import { formatReferenceCode, renderDocumentPreview } from '@dilosi/domain';
import { upsertPersonUser } from '../packages/server/src/modules/auth/users';
import { contentOf } from '../packages/server/src/modules/documents';
import { validationUrlOf } from '../packages/server/src/modules/issuance';
import { renderDocumentPdf } from '../packages/server/src/pdf/document-pdf';
import { createSealer } from '../packages/server/src/pdf/seal';
import { loadSealCredentials } from '../packages/server/src/pdf/seal-credentials';
import { seedDemoData } from '../packages/server/src/seed/seed-demo-data';

const documents = Number(process.env.DOCUMENTS ?? 400);
const concurrency = Number(process.env.CONCURRENCY ?? 16);
const citizens = Number(process.env.CITIZENS ?? 20);
const warmup = Number(process.env.WARMUP ?? 400);
const databaseUrl = process.env.DATABASE_URL;
const localServer = databaseUrl !== undefined && /@(127\.0\.0\.1|localhost)[:/]/.test(databaseUrl);

/** A valid Greek tax number from 8 digits (weighted check digit). */
function afmFrom(index: number): string {
  const body = String(200_000_00 + index).padStart(8, '0');
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(body[i]) * 2 ** (8 - i);
  return `${body}${(sum % 11) % 10}`;
}

async function openBenchDatabase(): Promise<{ database: Database; cleanup(): Promise<void> }> {
  if (databaseUrl) {
    const schema = `bench_${crypto.randomBytes(4).toString('hex')}`;
    const database = await openDatabase({
      kind: 'postgres',
      connectionString: databaseUrl,
      schema,
      poolSize: 10,
    });
    return {
      database,
      cleanup: async () => {
        await database.close();
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.query(`drop schema if exists ${schema}_pgboss cascade`);
        await client.end();
      },
    };
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-bench-'));
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dir, 'pglite') });
  return {
    database,
    cleanup: async () => {
      await database.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const { database, cleanup } = await openBenchDatabase();
  await migrate(database);
  await seedDemoData(database);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: os.tmpdir(),
    WEB_DIST_DIR: '/nonexistent-web-dist',
    RATE_LIMIT_MAX: '100000000',
    DEVEL: 'false',
    // DEVEL off needs real logins (loadConfig): providers nothing answers; sessions are made directly.
    ...EXTERNAL_LOGINS,
    // Each citizen issues DOCUMENTS / CITIZENS documents in a minute: far above the SMS-code
    // limits per citizen and number, which are not what this measures.
    OTP_SENDS_PER_HOUR: '100000000',
    OTP_SENDS_PER_DAY: '100000000',
    OTP_FAILURES_PER_HOUR: '100000000',
    PDF_RENDER_THREADS: process.env.PDF_RENDER_THREADS ?? '1',
  });
  const threadsBeforeApp = new Set(Object.keys(threadCpuMs()));
  const app = await buildApp({ config, database, logger: false });

  // Citizens with registry data and a certified Greek mobile.
  const tokens: string[] = [];
  for (let index = 0; index < citizens; index += 1) {
    const afm = afmFrom(index);
    const mobile = `69${String(10_000_000 + index).padStart(8, '0')}`;
    await database.db
      .insertInto('persons')
      .values({
        afm,
        amka: null,
        firstname: 'ΓΕΩΡΓΙΟΣ',
        surname: `ΠΑΠΑΔΟΠΟΥΛΟΣ ${index}`,
        father_name: 'ΙΩΑΝΝΗΣ',
        mother_name: 'ΜΑΡΙΑ',
        birth_date: '1980-01-01',
        birth_place: 'ΑΘΗΝΑ',
        id_number: `ΑΚ${100000 + index}`,
        id_type: 'id_card',
        gender: 'male',
        address: JSON.stringify({
          street: 'Πανεπιστημίου',
          number: '10',
          postal_code: '10671',
          city: 'Αθήνα',
        }),
        landline: null,
        mobile,
        mobile_certified: true,
        email: `citizen${index}@example.gr`,
      })
      .onConflict((oc) => oc.column('afm').doNothing())
      .execute();
    const user = await upsertPersonUser(database, {
      afm,
      firstname: 'ΓΕΩΡΓΙΟΣ',
      surname: `ΠΑΠΑΔΟΠΟΥΛΟΣ ${index}`,
      email: `citizen${index}@example.gr`,
      username: null,
      certifiedMobile: mobile,
      grantAdmin: false,
    });
    const session = await app.auth.sessions.create({
      userId: user.id,
      provider: 'bank',
      claims: ['bank_login'],
      isAdmin: false,
      ip: null,
      userAgent: null,
    });
    tokens.push(session.token);
  }

  const call = async (token: string, url: string, payload: object, expected: number) => {
    const t0 = performance.now();
    const response = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
    if (process.env.BENCH_TRACE)
      console.error(
        url.length > 30
          ? ((payload as { action?: string }).action ??
              Object.keys(
                (payload as { document: { statements: object } }).document.statements,
              ).join(','))
          : 'create',
        (performance.now() - t0).toFixed(1),
      );
    if (response.statusCode !== expected) {
      throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    }
    return response;
  };
  // Only the answers the bench reads are parsed: parsing a 5–8 KB answer is the client's work
  // (~0.1 ms), which this process's CPU would otherwise count as the app's.
  const documentOf = (response: Awaited<ReturnType<typeof call>>) =>
    response.json<{ data: { document: { id: string; state: string } } }>().data.document;

  const issueOne = async (index: number): Promise<number> => {
    const token = tokens[index % tokens.length] ?? '';
    const started = performance.now();
    const statement = `Δηλώνω ότι τα στοιχεία της αίτησης ${index} είναι αληθή και πλήρη.`;
    const created = documentOf(
      await call(
        token,
        '/api/my-declarations/',
        { document: { template: 'solemn-declaration', statements: { statement } } },
        201,
      ),
    );
    const url = `/api/my-declarations/${created.id}`;
    await call(token, url, { document: { statements: { statement } } }, 200);
    const recipient =
      index % 2 === 0
        ? { type: 'entity', codename: 'EFKA' }
        : { type: 'custom', name: 'Δήμος Αθηναίων', email: 'info@example.gr' };
    await call(token, url, { document: { statements: { recipient } } }, 200);
    await call(token, url, { document: { statements: {} }, action: 'submit' }, 200);
    const sms = await database.db
      .selectFrom('outbox')
      .select('body')
      .where('document_id', '=', created.id)
      .where('message_key', '=', 'otp_sms')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1] ?? '';
    const issued = documentOf(
      await call(token, url, { document: { statements: { otp_code: code } } }, 200),
    );
    if (issued.state !== 'issued') throw new Error(`not issued: ${issued.state}`);
    return performance.now() - started;
  };

  const run = async (count: number, offset: number) => {
    const latencies: number[] = [];
    let next = 0;
    const worker = async () => {
      while (next < count) {
        const index = offset + next;
        next += 1;
        latencies.push(await issueOne(index));
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
    return { latencies, seconds: (performance.now() - started) / 1000 };
  };

  await run(warmup, 0);
  const load = os.loadavg()[0];
  // CPU time of this process (app, PGlite, PDF) per document: on a machine shared with other
  // work the rate follows the load, this does not.
  const cpuBefore = process.cpuUsage();
  const threadsBefore = threadCpuMs();
  const postgresBefore = localServer ? postgresCpuMs() : 0;
  const profiler = process.env.CPU_PROF ? await startProfiler() : null;
  const { latencies, seconds } = await run(documents, warmup);
  if (profiler) await profiler.stop(process.env.CPU_PROF ?? '');
  const cpu = process.cpuUsage(cpuBefore);
  const postgresMs = localServer ? postgresCpuMs() - postgresBefore : null;
  // This process's CPU by thread: the request thread, the threads the app started (the PDF
  // render pool) and the rest (V8's compiler and GC helpers, libuv), from /proc (10 ms ticks).
  const threads = { request_thread: 0, render_threads: 0, v8_and_libuv_threads: 0 };
  for (const [tid, ms] of Object.entries(threadCpuMs())) {
    const spent = (ms - (threadsBefore[tid] ?? 0)) / documents;
    if (tid === String(process.pid)) threads.request_thread += spent;
    else if (threadsBeforeApp.has(tid)) threads.v8_and_libuv_threads += spent;
    else threads.render_threads += spent;
  }
  const stored = await database.db
    .selectFrom('document_pdfs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  // The ceiling of the same run: render + seal of (up to 100 of) the issued documents again, one
  // after the other, as issueDocument does it — CPU per document.
  const sealer = createSealer(await loadSealCredentials(database, config));
  const issuedRows = await database.db
    .selectFrom('documents')
    .selectAll()
    .where('state', '=', 'issued')
    .limit(100)
    .execute();
  const renderAgain = async (row: (typeof issuedRows)[number]) => {
    const template = await app.templates.definition(row.template_refname, row.template_version);
    const content = contentOf(row, []);
    const referenceCode = row.reference_code ?? '';
    const unsealed = await renderDocumentPdf({
      preview: renderDocumentPreview(template, content.values, content.recipient),
      referenceCode: formatReferenceCode(referenceCode),
      issuedAt: new Date(row.issued_at ?? Date.now()),
      validationUrl: validationUrlOf(config, referenceCode),
      title: template.title.el,
      issuer: null,
      sealPlaceholder: true,
      sealContentsBytes: sealer.contentsBytes,
    });
    await sealer.seal(unsealed);
  };
  // Warmed up first: with PDF_RENDER_THREADS ≥ 1 this thread has not rendered yet (cold code).
  for (const row of issuedRows) await renderAgain(row);
  const renderCpuBefore = process.cpuUsage();
  for (const row of issuedRows) await renderAgain(row);
  const renderCpu = process.cpuUsage(renderCpuBefore);
  const renderSealCpuMs = (renderCpu.user + renderCpu.system) / 1000 / issuedRows.length;
  const appCpuMs = (cpu.user + cpu.system) / 1000 / documents;
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  console.log(
    JSON.stringify({
      engine: database.kind,
      documents,
      concurrency,
      seconds: +seconds.toFixed(2),
      documents_per_second: +(documents / seconds).toFixed(1),
      median_ms: +at(0.5).toFixed(1),
      p99_ms: +at(0.99).toFixed(1),
      sealed_pdfs_stored: Number(stored.count),
      cpus: os.cpus().length,
      pdf_render_threads: config.PDF_RENDER_THREADS,
      app_cpu_ms_per_document: +appCpuMs.toFixed(1),
      render_seal_cpu_ms_per_document: +renderSealCpuMs.toFixed(1),
      app_cpu_over_render_seal: +(appCpuMs / renderSealCpuMs).toFixed(2),
      app_cpu_ms_by_thread: Object.fromEntries(
        Object.entries(threads).map(([name, ms]) => [name, +ms.toFixed(1)]),
      ),
      // Every postgres process of this machine (the server is local): the database's share.
      ...(postgresMs === null
        ? {}
        : {
            postgres_cpu_ms_per_document: +(postgresMs / documents).toFixed(1),
            // What this machine's cores could issue at most, at the CPU a document costs both.
            cpu_bound_documents_per_second: +(
              (os.cpus().length * 1000) /
              (appCpuMs + postgresMs / documents)
            ).toFixed(1),
          }),
      load_average_before: +(load ?? 0).toFixed(2),
      load_average_after: +(os.loadavg()[0] ?? 0).toFixed(2),
      rss_mb: Math.round(process.memoryUsage().rss / 1_048_576),
      // WebAssembly memory (PGlite) and buffers, and the JavaScript heap, within the RSS.
      external_mb: Math.round(process.memoryUsage().external / 1_048_576),
      heap_mb: Math.round(process.memoryUsage().heapTotal / 1_048_576),
      // With `node --expose-gc`: the RSS once garbage is collected, what the process keeps.
      ...(typeof globalThis.gc === 'function' ? { rss_after_gc_mb: rssAfterGc() } : {}),
    }),
  );
  await app.close();
  await cleanup();
}

function rssAfterGc(): number {
  globalThis.gc?.();
  return Math.round(process.memoryUsage().rss / 1_048_576);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/** The request thread's V8 CPU profile between start and stop (CPU_PROF), written to a file. */
async function startProfiler() {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    async stop(file: string) {
      const { profile } = await session.post('Profiler.stop');
      await fs.writeFile(file, JSON.stringify(profile));
      session.disconnect();
    },
  };
}
