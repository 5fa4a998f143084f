// Unit and API tests. API tests run on the embedded PGlite, and once more on the PostgreSQL
// server when TEST_DATABASE_URL is set, so both engines are proven by the same tests. The second
// run takes only the server's test files that open a database (themselves or through a test
// helper they import): the others (PDF drawing, config, the PGlite protocol) would prove nothing
// more the second time.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { serverDatabaseTestFiles } from './server-database-tests.mjs';

const extra = process.argv.slice(2);
// vitest runs one file at a time on a two-core machine (its default: cores - 1). The server's
// tests wait on their database and the web's on jsdom: two at a time finish sooner.
const workers = process.env.VITEST_MAX_WORKERS ?? '2';
const run = (label, args, env) => {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync('npx', ['vitest', 'run', `--maxWorkers=${workers}`, ...args, ...extra], {
    stdio: 'inherit',
    env,
  });
  console.log(`=== ${label}: ${Math.round((Date.now() - started) / 1000)} s ===`);
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutServer } = process.env;
run(
  'domain, tools, web and server tests (server on PGlite)',
  ['--project', 'domain', '--project', 'tools', '--project', 'web', '--project', 'server'],
  withoutServer,
);
if (TEST_DATABASE_URL) {
  const files = serverDatabaseTestFiles().map((file) => path.relative(process.cwd(), file));
  run(
    `server tests on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}): ${files.length} files that open a database`,
    ['--project', 'server', ...files],
    process.env,
  );
}
