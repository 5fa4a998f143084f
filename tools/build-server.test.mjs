import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_ASSETS } from './build-server.mjs';

const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../packages/server');

// The compiled server `npm start` runs (e2e/shutdown.e2e.test.ts runs it end to end).
describe('build-server', () => {
  const dist = path.join(server, `dist-test-${crypto.randomBytes(4).toString('hex')}`);
  let main;
  beforeAll(async () => {
    main = await buildServer(dist);
  }, 60_000);
  afterAll(() => {
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('bundles the server into one module with the files it reads beside it', () => {
    expect(fs.existsSync(main)).toBe(true);
    for (const [, to] of SERVER_ASSETS) expect(fs.existsSync(path.join(dist, to))).toBe(true);
    expect(fs.readdirSync(path.join(dist, 'migrations')).sort()).toEqual(
      fs.readdirSync(path.join(server, 'src/db/migrations')).sort(),
    );
  });

  it('loads every module without the TypeScript loader (a bad variable stops it with exit 78)', () => {
    const result = spawnSync(process.execPath, [main], {
      env: { PATH: process.env.PATH, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.stderr).toContain('PORT="not-a-port"');
    expect(result.status).toBe(78);
  });

  it('refuses a folder where the relative paths would not resolve', async () => {
    await expect(buildServer(path.join(server, 'a/b'))).rejects.toThrow(/directly under/);
  });
});
