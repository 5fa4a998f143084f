// Unit and API tests. API tests run on the embedded PGlite, and once more on the PostgreSQL
// server when TEST_DATABASE_URL is set, so both engines are proven by the same tests.
import { spawnSync } from 'node:child_process';

const extra = process.argv.slice(2);
const run = (label, args, env) => {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync('npx', ['vitest', 'run', ...args, ...extra], { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const { TEST_DATABASE_URL, ...withoutServer } = process.env;
run(
  'domain, tools, web and server tests (server on PGlite)',
  ['--project', 'domain', '--project', 'tools', '--project', 'web', '--project', 'server'],
  withoutServer,
);
if (TEST_DATABASE_URL) {
  run(
    `server tests on PostgreSQL (${TEST_DATABASE_URL.replace(/\/\/[^@]*@/, '//')})`,
    ['--project', 'server'],
    process.env,
  );
}
