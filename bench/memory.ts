// Memory and start time of the embedded default (docs/performance.md, "Memory"): starts the
// server as `npm run start:server` does (PGlite in a data folder), waits until /readyz answers,
// lets it sit idle, and reads its RSS from /proc. Beside it, in the same run, the floor: a bare
// Node process that only opens the same PGlite folder. Prints JSON, one line per start.
// Run: node --import tsx bench/memory.ts
//   The server gets the environment `npm start` adds (NPM_START_ENV: glibc's malloc arenas).
//   ENTRY="--import tsx packages/server/src/main.ts": the command after `node` (default; the
//   compiled build, as `npm start` runs it: "--expose-gc packages/server/dist/main.mjs")
//   READY_PATH=/readyz (/healthz for a build from before /readyz)  IDLE_SECONDS=20  RUNS=2
//   FLOOR=default: the floor with PGlite's default settings (to read a server from before
//   PGLITE_SETTINGS against)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGLITE_SETTINGS } from '../packages/server/src/db/database';
import { freePort, NPM_START_ENV } from '../e2e/server-process';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const entry = (process.env.ENTRY ?? '--import tsx packages/server/src/main.ts').split(' ');
const idleSeconds = Number(process.env.IDLE_SECONDS ?? 20);
const runs = Number(process.env.RUNS ?? 2);

const rssOf = async (pid: number) => {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss_mb: Math.round(kb('VmRSS') / 1024), peak_mb: Math.round(kb('VmHWM') / 1024) };
};
const load = () => +(os.loadavg()[0] ?? 0).toFixed(2);

/** Starts `args`, waits until `ready()` is true, idles, answers RSS and the time to ready. */
async function measure(args: string[], env: Record<string, string>, ready: () => Promise<boolean>) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    while (!(await ready())) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const readyMs = Math.round(performance.now() - started);
    const atReady = await rssOf(child.pid ?? 0);
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    return { ready_ms: readyMs, rss_at_ready_mb: atReady.rss_mb, ...(await rssOf(child.pid ?? 0)) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

async function main() {
  for (let run = 1; run <= runs; run += 1) {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-memory-'));
    for (const start of ['first start (initdb)', 'second start']) {
      const loadBefore = load();
      const port = await freePort();
      const server = await measure(
        entry,
        {
          ...NPM_START_ENV,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
        },
        () =>
          fetch(`http://127.0.0.1:${port}${process.env.READY_PATH ?? '/readyz'}`).then(
            (r) => r.ok,
            () => false,
          ),
      );
      // The floor: the same PGlite folder, with the same settings, opened by a bare Node process
      // (a marker file says it is open).
      const marker = path.join(dataDir, 'floor-ready');
      await fs.rm(marker, { force: true });
      const floor = await measure(
        [
          '--input-type=module',
          '-e',
          `import { PGlite } from '@electric-sql/pglite';
           import fs from 'node:fs';
           const db = await PGlite.create(${JSON.stringify(path.join(dataDir, 'pglite'))}, {
             startParams: [...PGlite.defaultStartParams, ...${JSON.stringify(
               process.env.FLOOR === 'default'
                 ? []
                 : Object.entries(PGLITE_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
             )}],
           });
           await db.query('select 1');
           fs.writeFileSync(${JSON.stringify(marker)}, '1');
           process.on('SIGTERM', () => db.close().then(() => process.exit(0)));
           setInterval(() => {}, 1000);`,
        ],
        {},
        () =>
          fs.access(marker).then(
            () => true,
            () => false,
          ),
      );
      console.log(
        JSON.stringify({
          run,
          start,
          entry: entry.join(' '),
          idle_seconds: idleSeconds,
          server,
          floor_bare_pglite: floor,
          load_average_before: loadBefore,
          load_average_after: load(),
        }),
      );
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
