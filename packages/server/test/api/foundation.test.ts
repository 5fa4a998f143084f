import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appConfigSchema } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { createTestApp, EXTERNAL_LOGINS, testConfig, type TestApp } from '../helpers';

describe('foundation API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/appconfig/ answers the public settings and flags', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/appconfig/' });
    expect(response.statusCode).toBe(200);
    const body = appConfigSchema.parse(response.json());
    expect(body.flags).toEqual({
      DEVEL: true,
      DASHBOARD_ENABLED: true,
      CITIZENINBOX_ENABLED: true,
      REFCODE_ENABLED: true,
    });
    expect(body.settings.FILE_MAX_SIZE).toBe(5_242_880);
    expect(body.settings.LANGUAGES).toEqual(['el', 'en', 'fr']);
    // Nothing private leaves: only whitelisted keys.
    expect(Object.keys(response.json() as object).sort()).toEqual(['flags', 'settings']);
    expect(JSON.stringify(response.json())).not.toMatch(/DATABASE_URL|REDIS_URL|DATA_DIR/);
  });

  it('GET /healthz checks the database', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('unknown /api paths answer 404 in the error shape, in Greek by default', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json()).toEqual({
      error: { code: 'route_not_found', message: 'Η διεύθυνση που ζητήσατε δεν υπάρχει.' },
      errors: [
        { code: 'route_not_found', message: 'Η διεύθυνση που ζητήσατε δεν υπάρχει.', meta: {} },
      ],
      'user-message': {
        el: 'Η διεύθυνση που ζητήσατε δεν υπάρχει.',
        en: 'The address you asked for does not exist.',
      },
    });
  });

  it('answers errors in English or French when asked', async () => {
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/nothing',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(en.json().error.message).toBe('The address you asked for does not exist.');
    const fr = await t.app.inject({ method: 'GET', url: '/api/nothing?lang=fr' });
    expect(fr.json().error.message).toBe("L'adresse demandée n'existe pas.");
  });

  it('malformed JSON answers 400 invalid_json', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/appconfig/',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_json');
  });

  it('sends security headers with a strict Content-Security-Policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/appconfig/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('exposes Prometheus metrics that count requests', async () => {
    await t.app.inject({ method: 'GET', url: '/api/appconfig/' });
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/plain/);
    expect(response.body).toMatch(
      /dilosi_http_request_duration_seconds_count\{method="GET",route="\/api\/appconfig\/",status="200"\} [1-9]/,
    );
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const schema =
      doc.paths['/api/appconfig/'].get.responses['200'].content['application/json'].schema;
    expect(Object.keys(schema.properties)).toEqual(['flags', 'settings']);
  });
});

describe('error handling', () => {
  it('never answers a bare 500 stack', async () => {
    const t = await createTestApp({ seed: false });
    try {
      t.app.get('/api/test-explode', async () => {
        throw new Error('secret internals at /srv/app.ts:42');
      });
      const response = await t.app.inject({ method: 'GET', url: '/api/test-explode' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({
        error: {
          code: 'internal_error',
          message: 'Παρουσιάστηκε σφάλμα. Δοκιμάστε ξανά αργότερα.',
        },
        errors: [
          {
            code: 'internal_error',
            message: 'Παρουσιάστηκε σφάλμα. Δοκιμάστε ξανά αργότερα.',
            meta: {},
          },
        ],
        'user-message': {
          el: 'Παρουσιάστηκε σφάλμα. Δοκιμάστε ξανά αργότερα.',
          en: 'An error has occurred. Please try again later.',
        },
      });
      expect(response.body).not.toContain('secret');
    } finally {
      await t.close();
    }
  });

  it('refuses a client past its request budget with rate_limited', async () => {
    const t = await createTestApp({ seed: false, env: { RATE_LIMIT_MAX: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        codes.push((await t.app.inject({ method: 'GET', url: '/api/appconfig/' })).statusCode);
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const last = await t.app.inject({ method: 'GET', url: '/api/appconfig/' });
      expect(last.json().error.code).toBe('rate_limited');
      expect(last.headers['retry-after']).toBeDefined();
    } finally {
      await t.close();
    }
  });

  it('feature flags from the environment reach /api/appconfig/', async () => {
    const t = await createTestApp({
      seed: false,
      env: {
        REFCODE_ENABLED: 'false',
        DEVEL: 'false',
        LANDING_PAGE_URL: 'https://www.gov.gr/',
        ...EXTERNAL_LOGINS,
      },
    });
    try {
      const body = (await t.app.inject({ method: 'GET', url: '/api/appconfig/' })).json();
      expect(body.flags.REFCODE_ENABLED).toBe(false);
      expect(body.flags.DEVEL).toBe(false);
      expect(body.settings.LANDING_PAGE_URL).toBe('https://www.gov.gr/');
    } finally {
      await t.close();
    }
  });
});

describe('serving the web app', () => {
  it('serves index.html for client routes and assets with long caching', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'dilosi-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Dilosi</title>');
    await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const t = await createTestApp({ seed: false });
    const app = await buildApp({
      config: testConfig({ WEB_DIST_DIR: dist }),
      database: t.database,
      logger: false,
    });
    try {
      const page = await app.inject({ method: 'GET', url: '/templates/some-template/step' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<title>Dilosi</title>');
      expect(page.headers['cache-control']).toBe('no-cache');

      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');

      const missingAsset = await app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);

      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().error.code).toBe('route_not_found');
    } finally {
      await app.close();
      await t.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
