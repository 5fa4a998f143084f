// RSS of the embedded default under issuance (docs/performance.md, "Memory"): starts the server
// as `npm start` runs it (the compiled build, PGlite in a fresh folder), logs a demo citizen in
// through the built-in identity provider, issues DOCUMENTS declarations over HTTP, CONCURRENCY at
// a time (the SMS code read from the development outbox), and samples the server's RSS from
// /proc every second. Prints JSON. Needs `npm run build` first.
// Run: node --import tsx bench/memory-issuance.ts   DOCUMENTS=300 CONCURRENCY=8
//   ENTRY="--import tsx packages/server/src/main.ts" for the TypeScript source
//   PDF_RENDER_THREADS=0|1|… passed to the server (else its default)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Browser, codeOf, loginThroughIdp } from '../packages/server/test/api/login-browser';
import { COMPILED_ENTRY, NPM_START_ENV, startServerProcess } from '../e2e/server-process';

const documents = Number(process.env.DOCUMENTS ?? 300);
const concurrency = Number(process.env.CONCURRENCY ?? 8);
const entry = process.env.ENTRY?.split(' ') ?? COMPILED_ENTRY;

const rssMb = async (pid: number) => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
};

async function main() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-memiss-'));
  const server = await startServerProcess(
    'embedded',
    {
      ...NPM_START_ENV,
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: '100000000',
      OTP_SENDS_PER_HOUR: '100000000',
      OTP_SENDS_PER_DAY: '100000000',
      OTP_FAILURES_PER_HOUR: '100000000',
      ...(process.env.PDF_RENDER_THREADS
        ? { PDF_RENDER_THREADS: process.env.PDF_RENDER_THREADS }
        : {}),
    },
    entry,
  );
  const pid = server.child.pid ?? 0;
  try {
    await server.ready();
    const idleRss = await rssMb(pid);
    const browser = new Browser(server.baseUrl);
    const { location } = await loginThroughIdp(browser, '/api/login?provider=bank', {
      afm: '100000015',
    });
    const { token } = (await (await browser.exchange(codeOf(location))).json()) as {
      token: string;
    };
    const post = async (url: string, json: unknown) => {
      const response = await fetch(`${server.baseUrl}${url}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(json),
      });
      const body = (await response.json()) as { data: { document: { id: string; state: string } } };
      if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`);
      return body.data.document;
    };
    const issueOne = async (index: number) => {
      const created = await post('/api/my-declarations/', {
        document: { template: 'solemn-declaration', statements: {} },
      });
      const url = `/api/my-declarations/${created.id}`;
      const statement = `Δηλώνω ότι τα στοιχεία της αίτησης ${index} είναι αληθή.`;
      await post(url, { document: { statements: { statement } } });
      await post(url, {
        document: { statements: { recipient: { type: 'entity', codename: 'EFKA' } } },
      });
      await post(url, { document: { statements: {} }, action: 'submit' });
      const outbox = (await (
        await fetch(`${server.baseUrl}/api/dev/outbox?channel=sms&limit=50`)
      ).json()) as { data: { body: string; document_id: string | null }[] };
      const sms = outbox.data.find((row) => row.document_id === created.id);
      const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1] ?? '';
      const issued = await post(url, { document: { statements: { otp_code: code } } });
      if (issued.state !== 'issued') throw new Error(`not issued: ${issued.state}`);
    };

    const samples: number[] = [];
    const sampler = setInterval(() => {
      void rssMb(pid).then((mb) => samples.push(mb));
    }, 1000);
    const loadBefore = +(os.loadavg()[0] ?? 0).toFixed(2);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < documents) {
          const index = next;
          next += 1;
          await issueOne(index);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const endRss = await rssMb(pid);
    await new Promise((resolve) => setTimeout(resolve, 15_000));
    // Where the RSS is: the server's own process metrics (V8 heap, memory outside it that V8
    // knows of); the rest is PGlite's WebAssembly memory, code and native allocations.
    const metrics = await (await fetch(`${server.baseUrl}/metrics`)).text();
    const metricMb = (name: string) =>
      Math.round(
        Number(
          new RegExp(`^dilosi_${name}(?:\\{[^}]*\\})? (\\S+)`, 'm').exec(metrics)?.[1] ?? NaN,
        ) / 1_048_576,
      );
    console.log(
      JSON.stringify({
        entry: entry.join(' '),
        pdf_render_threads: process.env.PDF_RENDER_THREADS ?? 'default',
        documents,
        concurrency,
        seconds: +seconds.toFixed(1),
        documents_per_second: +(documents / seconds).toFixed(1),
        rss_idle_before_mb: idleRss,
        rss_max_during_mb: Math.max(...samples, endRss),
        rss_at_end_mb: endRss,
        rss_15s_after_mb: await rssMb(pid),
        heap_total_mb_after: metricMb('nodejs_heap_size_total_bytes'),
        heap_used_mb_after: metricMb('nodejs_heap_size_used_bytes'),
        external_mb_after: metricMb('nodejs_external_memory_bytes'),
        load_average_before: loadBefore,
        load_average_after: +(os.loadavg()[0] ?? 0).toFixed(2),
      }),
    );
  } finally {
    await server.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
