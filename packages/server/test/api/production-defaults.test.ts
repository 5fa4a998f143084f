import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { buildMetricsServer } from '../../src/plugins/metrics';
import { REGISTRY_CHECKS_OFF } from '../../src/modules/registry';
import { prepareDatabase } from '../../src/seed/prepare-database';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { createTestDatabase, EXTERNAL_LOGINS, testConfig } from '../helpers';

const TOKEN = 'metrics-token-0123456789-abcdefghijklmnop';

/**
 * What a deployment that keeps the defaults exposes. Every app here runs on one database (built
 * apps only read the settings they are given). With NODE_ENV=production the logins must name real
 * providers (loadConfig refuses to start otherwise): EXTERNAL_LOGINS, which nothing answers.
 */
describe('production defaults', () => {
  let database: Database & { drop(): Promise<void> };
  const apps: FastifyInstance[] = [];
  const logs = new Map<FastifyInstance, string[]>();

  async function appWith(env: Record<string, string>): Promise<FastifyInstance> {
    const lines: string[] = [];
    const app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'warn', ...env }),
      database,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    apps.push(app);
    logs.set(app, lines);
    return app;
  }

  beforeAll(async () => {
    database = await createTestDatabase({ migrated: true });
    await migrate(database);
    await seedDemoData(database);
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  describe('NODE_ENV=production, nothing else set but the logins', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await appWith({ NODE_ENV: 'production', ...EXTERNAL_LOGINS });
    });

    it('turns DEVEL off: the client is told so and devel templates are hidden', async () => {
      const config = await app.inject({ method: 'GET', url: '/api/appconfig/' });
      expect(config.json().flags.DEVEL).toBe(false);
      const list = await app.inject({ method: 'GET', url: '/api/templates?limit=100' });
      expect(list.statusCode).toBe(200);
      const codes = (list.json().data as Array<{ code: string }>).map((item) => item.code);
      expect(codes).toContain('YD1');
      expect(codes).not.toContain('DEV1');
    });

    it.each(['/api/dev/outbox', '/api/dev/outbox?channel=sms', '/api/dev/', '/api/dev/anything'])(
      'has nothing at %s (404 route_not_found)',
      async (url) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.json().error.code).toBe('route_not_found');
      },
    );

    it('keeps /metrics off and says why at start', async () => {
      const response = await app.inject({ method: 'GET', url: '/metrics' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('route_not_found');
      expect(response.body).not.toContain('dilosi_');
      const warning = logs.get(app)?.find((line) => line.includes('/metrics is off'));
      expect(warning).toMatch(/METRICS_TOKEN/);
      expect(warning).toMatch(/METRICS_PORT/);
    });

    it.each(['/idp/.well-known/openid-configuration', '/idp/auth', '/idp/interaction/x'])(
      'has no built-in identity provider nor demo-user picker at %s',
      async (url) => {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toMatch(/100000040|ΤΕΣΤ|TEST/);
      },
    );

    it('starts no registry simulator and says in one line which checks are off', async () => {
      expect(app.registry.simulator).toBeNull();
      expect(app.registry.port.status()).toEqual({
        adapter: 'none',
        circuit: 'off',
        lastLatencyMs: null,
      });
      const lines = logs.get(app)?.filter((line) => line.includes('REGISTRY_URL unset')) ?? [];
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0] ?? '{}').msg).toBe(REGISTRY_CHECKS_OFF);
      app.readiness.markReady();
      const ready = await app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json().registry).toEqual({
        adapter: 'none',
        circuit: 'off',
        last_latency_ms: null,
      });
    });

    it('keeps the OpenAPI document private', async () => {
      const docs = await app.inject({ method: 'GET', url: '/api/docs' });
      expect(docs.statusCode).toBe(404);
      expect(docs.json().error.code).toBe('route_not_found');
    });

    it('refuses the browser features it never uses, keeping the camera for the QR scanner', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/appconfig/' });
      const policy = String(response.headers['permissions-policy']);
      expect(policy).toContain('camera=(self)');
      for (const feature of ['geolocation', 'microphone', 'payment', 'usb']) {
        expect(policy).toContain(`${feature}=()`);
      }
    });

    it('sends a login to the configured provider, never to /idp', async () => {
      const response = await app.inject({ method: 'GET', url: '/api/login?next=/vault' });
      expect(response.statusCode).toBe(302);
      // Nothing listens at EXTERNAL_LOGINS' issuer: the login cannot even start.
      expect(response.headers.location).toBe('/login?error_code=connection_error&next=%2Fvault');
      const bank = await app.inject({ method: 'GET', url: '/api/login?provider=bank' });
      expect(bank.headers.location).toBe('/login?error_code=forbidden_action');
    });
  });

  it('refuses to start without a real provider for each login it needs', () => {
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(
      /OIDC_GSIS_ISSUER="", OIDC_GSIS_CLIENT_ID="": the citizens' login/,
    );
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(/OIDC_GSIS_ADMIN_ISSUER=""/);
    // Without the dashboard, no staff login is needed.
    expect(
      testConfig({
        NODE_ENV: 'production',
        DASHBOARD_ENABLED: 'false',
        OIDC_GSIS_ISSUER: EXTERNAL_LOGINS.OIDC_GSIS_ISSUER,
        OIDC_GSIS_CLIENT_ID: 'dilosi',
        ALTCHA_HMAC_KEY: EXTERNAL_LOGINS.ALTCHA_HMAC_KEY,
      }).DEVEL,
    ).toBe(false);
  });

  it('refuses to start without an ALTCHA key, or with a short one', () => {
    const { ALTCHA_HMAC_KEY: _key, ...logins } = EXTERNAL_LOGINS;
    expect(() => testConfig({ NODE_ENV: 'production', ...logins })).toThrow(
      /ALTCHA_HMAC_KEY="": must be set/,
    );
    expect(() =>
      testConfig({ NODE_ENV: 'production', ...logins, ALTCHA_HMAC_KEY: 'short' }),
    ).toThrow(/ALTCHA_HMAC_KEY/);
    // In development a generated key is used.
    expect(testConfig({ NODE_ENV: 'production', DEVEL: 'true' }).ALTCHA_HMAC_KEY).toBeUndefined();
  });

  it('seeds no demo data in production, and refuses to be told to', () => {
    expect(testConfig({ NODE_ENV: 'production', ...EXTERNAL_LOGINS }).SEED_DEMO_DATA).toBe(false);
    expect(() =>
      testConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true', ...EXTERNAL_LOGINS }),
    ).toThrow(
      /SEED_DEMO_DATA="true": demo entities, persons and staff are seeded only with DEVEL=true/,
    );
    expect(testConfig({ NODE_ENV: 'production', DEVEL: 'true' }).SEED_DEMO_DATA).toBe(true);
  });

  it('prepares a production database with migrations only: no demo row anywhere', async () => {
    const fresh = await createTestDatabase();
    try {
      const applied = await prepareDatabase(
        fresh,
        testConfig({ NODE_ENV: 'production', ...EXTERNAL_LOGINS }),
      );
      expect(applied.length).toBeGreaterThan(0);
      const tables = [
        'entities',
        'persons',
        'users',
        'permissions',
        'documents',
        'inbox_entries',
        'citizen_messages',
      ] as const;
      const counts = await Promise.all(
        tables.map(async (table) => {
          const row = await fresh.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow();
          return [table, Number(row.n)] as const;
        }),
      );
      expect(Object.fromEntries(counts)).toEqual(
        Object.fromEntries(tables.map((table) => [table, 0])),
      );
    } finally {
      await fresh.drop();
    }
  });

  it('publishes the OpenAPI document in production only with API_DOCS_PUBLIC=true', async () => {
    const app = await appWith({
      NODE_ENV: 'production',
      API_DOCS_PUBLIC: 'true',
      ...EXTERNAL_LOGINS,
    });
    const docs = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.json().openapi).toMatch(/^3\./);
  });

  it('gives the outbox and the built-in provider back with DEVEL=true set explicitly', async () => {
    const app = await appWith({ NODE_ENV: 'production', DEVEL: 'true' });
    const response = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.json().meta.count).toBeGreaterThanOrEqual(0);
    const idp = await app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(idp.statusCode).toBe(200);
    expect(idp.json().issuer).toMatch(/\/idp$/);
  });

  it('keeps the whole demo for `npm start` (NODE_ENV unset means development)', async () => {
    const app = await appWith({ NODE_ENV: 'development' });
    const outbox = await app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(outbox.statusCode).toBe(200);
    const metrics = await app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain('dilosi_http_request_duration_seconds');
    const list = await app.inject({ method: 'GET', url: '/api/templates?limit=100' });
    expect((list.json().data as Array<{ code: string }>).map((item) => item.code)).toContain(
      'DEV1',
    );
  });

  describe.each(['production', 'test'])('METRICS_TOKEN with NODE_ENV=%s', (nodeEnv) => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await appWith({ NODE_ENV: nodeEnv, METRICS_TOKEN: TOKEN, ...EXTERNAL_LOGINS });
    });

    it.each([
      [undefined, 'no_authentication_token'],
      ['Basic bWV0cmljczp4', 'no_authentication_token'],
      ['Bearer', 'no_authentication_token'],
      ['Bearer wrong-token', 'invalid_token'],
      [`Bearer ${TOKEN}x`, 'invalid_token'],
      [`Bearer ${TOKEN.slice(0, -1)}`, 'invalid_token'],
    ])('refuses Authorization %s with 401 %s', async (authorization, code) => {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe(code);
      expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(response.body).not.toContain('dilosi_');
    });

    it('answers the right bearer token', async () => {
      for (const scheme of ['Bearer', 'bearer']) {
        const response = await app.inject({
          method: 'GET',
          url: '/metrics',
          headers: { authorization: `${scheme} ${TOKEN}` },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/text\/plain/);
        expect(response.body).toContain('dilosi_process_cpu_seconds_total');
      }
    });
  });

  describe('METRICS_PORT: a listener of its own', () => {
    let app: FastifyInstance;
    let metricsServer: FastifyInstance;
    let base: string;
    beforeAll(async () => {
      const env = {
        NODE_ENV: 'production',
        METRICS_PORT: '9464',
        METRICS_TOKEN: TOKEN,
        ...EXTERNAL_LOGINS,
      };
      app = await appWith(env);
      metricsServer = await buildMetricsServer(app.metrics, testConfig(env));
      apps.push(metricsServer);
      await metricsServer.listen({ host: '127.0.0.1', port: 0 });
      const address = metricsServer.server.address();
      if (address === null || typeof address === 'string') throw new Error('not listening on TCP');
      base = `http://127.0.0.1:${address.port}`;
    });

    it('serves no /metrics on the public port', async () => {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('route_not_found');
    });

    it('serves the public app’s figures there, behind the token, and nothing else', async () => {
      await app.inject({ method: 'GET', url: '/api/appconfig/' });
      const refused = await fetch(`${base}/metrics`);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
        'no_authentication_token',
      );

      const metrics = await fetch(`${base}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toMatch(
        /dilosi_http_request_duration_seconds_count\{method="GET",route="\/api\/appconfig\/",status="200"\} [1-9]/,
      );

      for (const url of ['/', '/api/appconfig/', '/healthz']) {
        const other = await fetch(`${base}${url}`);
        expect(other.status).toBe(404);
        expect(((await other.json()) as { error: { code: string } }).error.code).toBe(
          'route_not_found',
        );
      }
    });
  });
});
