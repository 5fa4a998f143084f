// Compiles the server to JavaScript modules, packages/server/dist/main.mjs (and the PDF render worker
// beside it, render-worker.mjs), for `npm start`: no TypeScript loader in the running process
// (docs/performance.md, "Memory"). npm packages stay external (loaded from node_modules); our
// workspace package @dilosi/domain is bundled in. Files the server reads beside its modules are copied next to the bundle, where import.meta.url finds
// them (dist/ sits at the depth of src/, so '../templates' and '../../web/dist' still resolve).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const server = path.join(root, 'packages/server');

/** What src/ modules read through import.meta.url: [from packages/server, to the bundle's folder]. */
export const SERVER_ASSETS = [
  ['src/db/migrations', 'migrations'],
  ['src/idp/idp.css', 'idp.css'],
  ['src/lib/pdf-inspection/pdf-inspection-worker.mjs', 'pdf-inspection-worker.mjs'],
  ['src/lib/pdf-inspection/pdf-filters.mjs', 'pdf-filters.mjs'],
];

/** Builds into `dist` (a folder directly under packages/server, for the relative paths). */
export async function buildServer(dist = path.join(server, 'dist')) {
  if (path.dirname(path.resolve(dist)) !== server) {
    throw new Error(`the bundle must sit directly under packages/server, not ${dist}`);
  }
  const pkg = JSON.parse(await fs.readFile(path.join(server, 'package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies)
    .filter((name) => !name.startsWith('@dilosi/'))
    .flatMap((name) => [name, `${name}/*`]);
  await fs.rm(dist, { recursive: true, force: true });
  await build({
    // The server, and the PDF render worker (src/pdf/render-pool.ts loads it from beside main.mjs).
    entryPoints: {
      main: path.join(server, 'src/main.ts'),
      'render-worker': path.join(server, 'src/pdf/render-worker.ts'),
    },
    outdir: dist,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    sourcemap: 'linked',
    legalComments: 'none',
    logLevel: 'warning',
  });
  for (const [from, to] of SERVER_ASSETS) {
    await fs.cp(path.join(server, from), path.join(dist, to), { recursive: true });
  }
  return path.join(dist, 'main.mjs');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = await buildServer();
  console.log(`built ${path.relative(root, built)}`);
}
