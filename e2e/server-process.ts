import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

export type ServerProcess = {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Waits until GET /readyz answers 200 (the process listens and its dependencies answer). */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM, then SIGKILL after `graceMs`; answers the exit code and how long it took. */
  stop(graceMs?: number): Promise<{ code: number | null; ms: number }>;
};

/**
 * The TypeScript source through tsx, or the compiled build as `npm start` runs it (`npm run
 * build`; `start:server` in package.json, with the flag that lets it collect once before it
 * takes traffic).
 */
export const SOURCE_ENTRY = ['--import', 'tsx', 'packages/server/src/main.ts'];
export const COMPILED_ENTRY = ['--expose-gc', 'packages/server/dist/main.mjs'];

/** The newest modification time under `dir` (0 when it does not exist). */
function newestMtime(dir: string): number {
  let newest = 0;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

let chosenEntry: string[] | undefined;
let builtAt = 0;
let sourcesAt = 0;
let templatesAt = 0;

/**
 * When what a server starts from last changed: the build, the newest source or template file.
 * A data folder prepared before that is prepared again.
 */
export function buildStamp(): string {
  serverEntry();
  return `${builtAt}:${sourcesAt}:${templatesAt}`;
}

/**
 * What the tests start: the compiled build when it is newer than every source it is built from
 * (it starts in a third of the time: no TypeScript to transform), else the source through tsx,
 * so a stale build never tests old code. `E2E_SERVER_ENTRY=source|compiled` forces one.
 */
export function serverEntry(): string[] {
  if (chosenEntry) return chosenEntry;
  const forced = process.env.E2E_SERVER_ENTRY;
  const built = path.join(root, 'packages/server/dist/main.mjs');
  builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  sourcesAt = Math.max(
    newestMtime(path.join(root, 'packages/server/src')),
    newestMtime(path.join(root, 'packages/domain/src')),
  );
  templatesAt = newestMtime(path.join(root, 'packages/server/templates'));
  if (forced === 'source') return (chosenEntry = SOURCE_ENTRY);
  if (forced === 'compiled') {
    if (!builtAt)
      throw new Error('E2E_SERVER_ENTRY=compiled, but there is no build: npm run build');
    return (chosenEntry = COMPILED_ENTRY);
  }
  return (chosenEntry = builtAt > sourcesAt ? COMPILED_ENTRY : SOURCE_ENTRY);
}
/**
 * The environment `npm start` (`start:server` in package.json) adds: glibc's malloc held to two
 * arenas (docs/decisions.md). A bench that measures the embedded default starts it with this.
 */
export const NPM_START_ENV = { MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2' };

/**
 * The server, one OS process on a free port of 127.0.0.1 with `env` on top of this process's
 * environment.
 */
export async function startServerProcess(
  name: string,
  env: Record<string, string>,
  entry: string[] = serverEntry(),
): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );

  return {
    name,
    baseUrl,
    child,
    output: () => output,
    exited,
    async ready(timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (child.exitCode !== null) throw new Error(`${name} exited early:\n${output}`);
        const status = await fetch(`${baseUrl}/readyz`).then(
          (r) => r.status,
          () => 0,
        );
        if (status === 200) return;
        if (Date.now() > deadline)
          throw new Error(`${name} not ready in ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    },
    async stop(graceMs = 15_000) {
      const started = Date.now();
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      return { code: await exited, ms: Date.now() - started };
    },
  };
}
