// Whether hostile PDF uploads hold up everyone else (issue #10). Starts the real app (in-memory
// PGlite, the API tests' fixture templates) on a port, then a probe in a worker thread — an event
// loop of its own, so a blocked server cannot hold back its clock — asks for GET /healthz and a
// reference-code look-up (POST /api/validation/document) every PROBE_MS, first for BASELINE_MS
// without uploads, then while WAVES waves of four bombs (1 MB files inflating to BOMB_MB each,
// content-stream and object-stream bombs) are uploaded at once as wizard attachments. Prints JSON:
// latency (p50/p95/max, ms) of both probes at rest and during the bombs, the answers to the
// bombs, how long they took, and the process's peak RSS. Target: max < 200 ms during the bombs.
// Run: node --import tsx bench/upload-bombs.ts   (BOMB_MB=1024 WAVES=5 PROBE_MS=20 BASELINE_MS=2000)
//   APP_ROOT=/tmp/before: the app (and its test helpers) of another checkout, e.g. one made with
//   `git worktree add /tmp/before <commit>` and `ln -s $PWD/node_modules /tmp/before/`.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { pdfBombs } from '../packages/server/test/fixtures/pdf-bombs';

const bombBytes = Number(process.env.BOMB_MB ?? 1024) * 1_048_576;
const waves = Number(process.env.WAVES ?? 5);
const probeMs = Number(process.env.PROBE_MS ?? 20);
const baselineMs = Number(process.env.BASELINE_MS ?? 2000);
const root = path.resolve(
  process.env.APP_ROOT ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
);
const server = path.join(root, 'packages/server');

type Helpers = typeof import('../packages/server/test/helpers');
type Citizens = typeof import('../packages/server/test/fixtures/citizens');
type Rules = typeof import('../packages/server/test/fixtures/test-rules');
const { createTestApp } = (await import(path.join(server, 'test/helpers.ts'))) as Helpers;
const { loginAs } = (await import(path.join(server, 'test/fixtures/citizens.ts'))) as Citizens;
const { FIXTURE_TEMPLATES_DIR } = (await import(
  path.join(server, 'test/fixtures/test-rules.ts')
)) as Rules;

const t = await createTestApp({
  env: {
    TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR,
    RATE_LIMIT_MAX: '1000000000',
    VALIDATION_RATE_LIMIT_MAX: '1000000000',
  },
});
const origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
const token = await loginAs(t, '100000015');

const contentBomb = await pdfBombs.contentStreamBomb(bombBytes);
const objectBomb = await pdfBombs.objectStreamBomb(bombBytes);

async function createDraft(): Promise<string> {
  const response = await fetch(`${origin}/api/my-declarations/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ document: { template: 'test-attachments' } }),
  });
  const body = (await response.json()) as { data: { document: { id: string } } };
  return body.data.document.id;
}

/** One wizard step with a plain proof and the bomb as an extra; the answer's code. */
async function upload(id: string, bomb: Buffer): Promise<string> {
  const form = new FormData();
  form.set('json', JSON.stringify({ document: { statements: { purpose: 'Αίτηση' } } }));
  const plain = new Blob([pdfBombs.valid()], { type: 'application/pdf' });
  form.set('file__proof', plain, 'p.pdf');
  form.set('file__extras#0', new Blob([bomb], { type: 'application/pdf' }), 'x.pdf');
  const response = await fetch(`${origin}/api/my-declarations/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await response.json()) as { error?: { code: string } };
  return `${response.status} ${body.error?.code ?? 'accepted'}`;
}

// The probe: its own thread, its own event loop, plain fetch against the port.
const probe = new Worker(
  `
  const { parentPort, workerData } = require('node:worker_threads');
  const { origin, probeMs } = workerData;
  const samples = { healthz: [], lookup: [] };
  let phase = null;
  const rss = { baseline: 0, bombs: 0 };
  const ask = async (kind, init, url) => {
    const at = phase;
    const started = performance.now();
    const response = await fetch(url, init);
    await response.arrayBuffer();
    if (at) samples[kind].push({ phase: at, ms: performance.now() - started, status: response.status });
  };
  const lookup = { method: 'POST', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ 'document-id': 'ABCD1234EFGH' }) };
  const timer = setInterval(() => {
    if (phase) rss[phase] = Math.max(rss[phase], process.memoryUsage().rss);
    void ask('healthz', undefined, origin + '/healthz').catch(() => {});
    void ask('lookup', lookup, origin + '/api/validation/document').catch(() => {});
  }, probeMs);
  parentPort.on('message', (message) => {
    if (message === 'stop') {
      clearInterval(timer);
      setTimeout(() => { parentPort.postMessage({ samples, rss }); }, 500);
    } else phase = message;
  });
  `,
  { eval: true, workerData: { origin, probeMs } },
);

type Sample = { phase: string; ms: number; status: number };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

await upload(await createDraft(), pdfBombs.valid()); // the check's threads up, as after a while
probe.postMessage('baseline');
await sleep(baselineMs);
probe.postMessage('bombs');
const started = performance.now();
const answers: string[] = [];
for (let wave = 0; wave < waves; wave++) {
  const ids = await Promise.all(Array.from({ length: 4 }, createDraft));
  answers.push(
    ...(await Promise.all(ids.map((id, i) => upload(id, i % 2 ? objectBomb : contentBomb)))),
  );
}
const bombsMs = performance.now() - started;
probe.postMessage(null);
probe.postMessage('stop');
const { samples, rss } = await new Promise<{
  samples: Record<'healthz' | 'lookup', Sample[]>;
  rss: Record<'baseline' | 'bombs', number>;
}>((resolve) => probe.once('message', resolve));
await probe.terminate();
await t.close();

function figures(list: Sample[], phase: string) {
  const sorted = list
    .filter((sample) => sample.phase === phase)
    .map((sample) => sample.ms)
    .sort((a, b) => a - b);
  const at = (q: number) =>
    +(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), max: +(sorted.at(-1) ?? 0).toFixed(1) };
}

const byAnswer: Record<string, number> = {};
for (const answer of answers) byAnswer[answer] = (byAnswer[answer] ?? 0) + 1;
console.log(
  JSON.stringify(
    {
      app: root,
      bomb_file_bytes: { content_stream: contentBomb.length, object_stream: objectBomb.length },
      bomb_inflated_bytes: bombBytes,
      bombs: waves * 4,
      bombs_concurrent: 4,
      bombs_ms: Math.round(bombsMs),
      bomb_answers: byAnswer,
      latency_ms: {
        healthz: {
          baseline: figures(samples.healthz, 'baseline'),
          during_bombs: figures(samples.healthz, 'bombs'),
        },
        validation_lookup: {
          baseline: figures(samples.lookup, 'baseline'),
          during_bombs: figures(samples.lookup, 'bombs'),
        },
      },
      target_max_ms_during_bombs: 200,
      peak_rss_mb: {
        baseline: Math.round(rss.baseline / 1_048_576),
        during_bombs: Math.round(rss.bombs / 1_048_576),
      },
    },
    null,
    2,
  ),
);
