#!/usr/bin/env node
// Fails when the server's modules import each other in a circle (issue #32). A module is a
// folder under packages/server/src/modules, another top-level folder of src (lib, notify, jobs,
// db, …) or a top-level file (app, config, clock, …). Every import counts, type-only ones too:
// a type import still ties two modules' code together. Tests (*.test.ts) are left out.
// Run by `npm run lint`; `node tools/check-module-cycles.mjs --graph` prints the module graph.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', 'packages', 'server', 'src');

/**
 * Imports that still close a cycle, each "from -> to" with why it stays. The check leaves these
 * edges out; keep the list empty, and remove an entry as soon as its cycle is gone. (Empty since
 * the job definitions moved beside their modules and are registered from src/job-registry.ts:
 * jobs/ imports no module.)
 */
const ALLOWED_EDGES = new Map();

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mts|mjs)$/.test(name) &&
      !/\.test\.tsx?$/.test(name) &&
      !name.endsWith('.d.ts')
      ? [path]
      : [];
  });
}

function moduleOf(root, path) {
  const parts = relative(root, path).split(sep);
  if (parts[0] === '..' || parts.length === 0) return null;
  if (parts[0] === 'modules')
    return parts.length > 1 ? `modules/${parts[1].replace(/\.[^.]+$/, '')}` : null;
  return parts[0].replace(/\.[^.]+$/, '');
}

const IMPORT =
  /(?:^|[^\w$.])(?:import|export)\s*(?:type\s+)?(?:[\w${}*,\s]+?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/**
 * The module graph of the sources under `root` (module → module → one importing file) and its
 * cycles: every strongly connected component of more than one module, found with Tarjan's
 * algorithm, leaving out the `allowedEdges` ("from -> to").
 */
export function findModuleCycles(root, allowedEdges = new Map()) {
  const graph = new Map();
  for (const file of sourceFiles(root)) {
    const from = moduleOf(root, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier.startsWith('.')) continue;
      const to = moduleOf(root, resolve(dirname(file), specifier));
      if (!to || to === from) continue;
      if (allowedEdges.has(`${from} -> ${to}`)) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from).has(to)) graph.get(from).set(to, relative(root, file));
    }
  }

  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  function connect(node) {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node)?.keys() ?? []) {
      if (!index.has(target)) {
        connect(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  }
  for (const node of graph.keys()) if (!index.has(node)) connect(node);
  return { graph, components };
}

function main() {
  const { graph, components } = findModuleCycles(root, ALLOWED_EDGES);
  if (process.argv.includes('--graph')) {
    for (const [from, targets] of [...graph].sort())
      console.log(`${from} -> ${[...targets.keys()].sort().join(', ')}`);
  }
  if (components.length === 0) {
    console.log(`module cycles: none (${graph.size} modules, ${ALLOWED_EDGES.size} allowed edges)`);
  } else {
    console.error(`module cycles: ${components.length}`);
    for (const component of components) {
      console.error(`\n  ${component.join(' ⇄ ')}`);
      const members = new Set(component);
      for (const from of component) {
        for (const [to, file] of graph.get(from) ?? []) {
          if (members.has(to)) console.error(`    ${from} -> ${to}  (${file})`);
        }
      }
    }
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
