import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, codeOf, loginThroughIdp } from '../packages/server/test/api/login-browser';
import { EXTERNAL_LOGINS } from '../packages/server/test/external-logins';
import {
  COMPILED_ENTRY,
  NPM_START_ENV,
  startServerProcess,
  type ServerProcess,
} from './server-process';

// The compiled server (needs `npm run build`) as a deployment starts it with NODE_ENV=production
// and nothing else of the development kind: no built-in identity provider, no demo-user picker,
// no demo data, and no start at all without a real provider for each login it needs. Beside it,
// `npm start` (development) keeps the whole demo. Issue #31, docs/login.md "Production".

const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A process that must refuse to start: its exit code and what it printed. */
async function refusedStart(env: Record<string, string>) {
  const server = await startServerProcess('refused start', env, COMPILED_ENTRY);
  const code = await Promise.race([
    server.exited,
    new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 60_000)),
  ]);
  if (code === 'running') await server.stop();
  return { code, output: server.output() };
}

describe('NODE_ENV=production, as a deployment starts the compiled server', () => {
  const database = `dilosi_production_${crypto.randomBytes(5).toString('hex')}`;
  const databaseUrl = (() => {
    const url = new URL(SERVER_URL);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${database}`);
    await admin.end();
  });
  afterAll(async () => {
    await server?.stop();
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  });

  it('refuses to start without a real identity provider, naming the variables', async () => {
    const { code, output } = await refusedStart({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
    });
    expect(code).toBe(78);
    expect(output).toContain('Invalid configuration:');
    expect(output).toMatch(/OIDC_GSIS_ISSUER="", OIDC_GSIS_CLIENT_ID="": the citizens' login/);
    expect(output).toMatch(/OIDC_GSIS_ADMIN_ISSUER="", OIDC_GSIS_ADMIN_CLIENT_ID="": the staff/);
    // It stopped before touching the database: no migration ran.
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const tables = await client.query(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public'",
    );
    await client.end();
    expect(tables.rows[0].n).toBe(0);
  }, 90_000);

  it('refuses SEED_DEMO_DATA=true without DEVEL=true', async () => {
    const { code, output } = await refusedStart({
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      SEED_DEMO_DATA: 'true',
      ...EXTERNAL_LOGINS,
    });
    expect(code).toBe(78);
    expect(output).toMatch(/SEED_DEMO_DATA="true": demo entities, persons and staff are seeded/);
  }, 90_000);

  it('with its logins configured, serves no built-in provider, no picker and no demo data', async () => {
    server = await startServerProcess(
      'production',
      { ...NPM_START_ENV, NODE_ENV: 'production', DATABASE_URL: databaseUrl, ...EXTERNAL_LOGINS },
      COMPILED_ENTRY,
    );
    await server.ready();
    const base = server.baseUrl;

    for (const url of ['/idp/.well-known/openid-configuration', '/idp/auth', '/api/dev/outbox']) {
      const response = await fetch(`${base}${url}`, { redirect: 'manual' });
      expect(response.status, url).toBe(404);
    }
    // The web app's demo-user picker and TEST tag follow this flag.
    const config = (await (await fetch(`${base}/api/appconfig/`)).json()) as {
      flags: { DEVEL: boolean };
    };
    expect(config.flags.DEVEL).toBe(false);
    // A login goes to the configured provider (nothing answers it here), never to /idp.
    const login = await fetch(`${base}/api/login?next=/vault`, { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login?error_code=connection_error&next=%2Fvault');

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const counts = await client.query(
      `SELECT (SELECT count(*) FROM entities)::int AS entities,
              (SELECT count(*) FROM persons)::int AS persons,
              (SELECT count(*) FROM users)::int AS users,
              (SELECT count(*) FROM permissions)::int AS permissions`,
    );
    await client.end();
    expect(counts.rows[0]).toEqual({ entities: 0, persons: 0, users: 0, permissions: 0 });
    expect((await server.stop()).code).toBe(0);
  }, 120_000);
});

describe('`npm start` (development) on a new data folder', () => {
  let dataDir = '';
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps the whole demo: the built-in provider with its picker, demo staff and data', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-development-start-'));
    // `npm start` sets no NODE_ENV: development (the test runner's own NODE_ENV is test).
    server = await startServerProcess(
      'development',
      { ...NPM_START_ENV, NODE_ENV: 'development', DATA_DIR: dataDir },
      COMPILED_ENTRY,
    );
    await server.ready();
    const base = server.baseUrl;
    const discovery = await fetch(`${base}/idp/.well-known/openid-configuration`);
    expect(discovery.status).toBe(200);
    const outbox = await fetch(`${base}/api/dev/outbox`);
    expect(outbox.status).toBe(200);

    // The picker lists the demo head of Athens; she logs in and finds her entity's cases.
    const browser = new Browser(base);
    const { location, page } = await loginThroughIdp(browser, '/api/login?provider=gsis_admin', {
      afm: '100000040',
    });
    expect(page).toContain('100000040');
    const { token } = (await (await browser.exchange(codeOf(location))).json()) as {
      token: string;
    };
    const entities = await fetch(`${base}/api/entities`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(entities.status).toBe(200);
    const body = (await entities.json()) as { data: { codename: string }[] };
    expect(body.data.map((entity) => entity.codename)).toContain('DIMOS_ATHINAION');
  }, 180_000);
});
