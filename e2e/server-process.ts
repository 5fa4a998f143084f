import { spawn, type ChildProcess } from 'node:child_process';
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
  entry: string[] = SOURCE_ENTRY,
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
