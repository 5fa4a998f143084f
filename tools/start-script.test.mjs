import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scripts = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;

/**
 * The start:server script run by sh as npm runs it, with the server swapped for a probe that
 * prints its MALLOC_ARENA_MAX and whether it may call gc().
 */
function environmentOfStart(env) {
  const script = scripts['start:server'];
  const probe = script.replace(
    'packages/server/dist/main.mjs',
    `-e "process.stdout.write((process.env.MALLOC_ARENA_MAX ?? 'unset') + ' ' + typeof gc)"`,
  );
  expect(probe).not.toBe(script);
  const { PATH, HOME } = process.env;
  const result = spawnSync('sh', ['-c', probe], { env: { PATH, HOME, ...env }, encoding: 'utf8' });
  expect(result.status).toBe(0);
  return result.stdout;
}

// docs/decisions.md: glibc's malloc arenas held to two for the embedded default.
describe('npm start', () => {
  it('runs the server with MALLOC_ARENA_MAX=2, and gc() to call once before it takes traffic', () => {
    expect(environmentOfStart({})).toBe('2 function');
  });

  it('keeps a MALLOC_ARENA_MAX the operator set', () => {
    expect(environmentOfStart({ MALLOC_ARENA_MAX: '4' })).toBe('4 function');
  });
});
