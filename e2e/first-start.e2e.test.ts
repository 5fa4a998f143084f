import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { Browser, codeOf, loginThroughIdp } from '../packages/server/test/api/login-browser';
import {
  COMPILED_ENTRY,
  NPM_START_ENV,
  startServerProcess,
  type ServerProcess,
} from './server-process';

// The embedded default's first start, as `npm start` runs it (compiled; needs `npm run build`): a
// new data folder is prepared (initdb, migrations, demo seed) by a child process, so the server
// never holds that work's memory (docs/performance.md, "Memory"); a later start on the same
// folder prepares nothing and serves the same data.

const migrationsDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/server/src/db/migrations',
);

type LogLine = { msg?: string; pid?: number; applied?: string[] };
const logLines = (p: ServerProcess): LogLine[] =>
  p
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);

/** Peak RSS of a running process, from /proc (VmHWM), in MB. */
async function peakRssMb(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/** The demo citizen logs in and finds a demo entity among the recipients. */
async function recipientsFound(server: ServerProcess): Promise<string[]> {
  const browser = new Browser(server.baseUrl);
  const { location } = await loginThroughIdp(browser, '/api/login?provider=bank', {
    afm: '100000015',
  });
  const { token } = (await (await browser.exchange(codeOf(location))).json()) as { token: string };
  const response = await fetch(`${server.baseUrl}/api/recipients?q=EFKA`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { codename: string }[] };
  return body.data.map((recipient) => recipient.codename);
}

describe('the first start of the embedded default', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('prepares a new folder in a child process, and a restart prepares nothing', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-first-start-'));
    const env = { ...NPM_START_ENV, DATA_DIR: dataDir, LOG_LEVEL: 'info' };
    server = await startServerProcess('first start', env, COMPILED_ENTRY);
    await server.ready();
    const migrations = (await fs.readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort();
    const prepared = logLines(server).find(
      (line) => line.msg === 'new data folder prepared in a child process',
    );
    expect(prepared?.applied).toEqual(migrations);
    expect(prepared?.pid).toBeGreaterThan(0);
    expect(prepared?.pid).not.toBe(server.child.pid);
    // Its own migrations: none left for the server.
    expect(logLines(server).some((line) => line.msg === 'migrations applied')).toBe(false);
    // initdb, the migrations and the seed peak at ~900 MB when a process does them itself; the
    // server never held them (~300 MB).
    expect(await peakRssMb(server.child.pid ?? 0)).toBeLessThan(600);
    expect(await recipientsFound(server)).toContain('EFKA');
    expect((await server.stop()).code).toBe(0);

    server = await startServerProcess('second start', env, COMPILED_ENTRY);
    await server.ready();
    expect(
      logLines(server).some(
        (line) =>
          line.msg === 'new data folder prepared in a child process' ||
          line.msg === 'migrations applied',
      ),
    ).toBe(false);
    expect(await recipientsFound(server)).toContain('EFKA');
  }, 180_000);
});
