import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { ConfigError, loadConfig } from '../../src/config';
import { createTestApp, testConfig } from '../helpers';

describe('provider configuration', () => {
  it('an issuer needs a client id', () => {
    expect(() => loadConfig({ OIDC_BANK_ISSUER: 'https://bank.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_BANK_ISSUER: 'https://bank.example' })).toThrow(
      /OIDC_BANK_CLIENT_ID/,
    );
    expect(() => loadConfig({ OIDC_BANK_ISSUER: 'ftp://bank.example' })).toThrow(
      /OIDC_BANK_ISSUER=/,
    );
  });

  it('with real providers and DEVEL off, the built-in provider is off and unconfigured ones are refused', async () => {
    const t = await createTestApp({
      env: {
        DEVEL: 'false',
        // Nothing listens on port 9: the providers cannot be reached.
        OIDC_GSIS_ISSUER: 'http://127.0.0.1:9/oidc',
        OIDC_GSIS_CLIENT_ID: 'dilosi',
        OIDC_GSIS_CLIENT_SECRET: 'secret',
        OIDC_GSIS_ADMIN_ISSUER: 'http://127.0.0.1:9/oidc-admin',
        OIDC_GSIS_ADMIN_CLIENT_ID: 'dilosi-admin',
        ALTCHA_HMAC_KEY: 'test-altcha-hmac-key-of-at-least-32-characters',
      },
    });
    try {
      const idp = await t.app.inject({
        method: 'GET',
        url: '/idp/.well-known/openid-configuration',
      });
      expect(idp.statusCode).toBe(404);
      const bank = await t.app.inject({
        method: 'GET',
        url: '/api/login?provider=bank&next=/vault',
      });
      expect(bank.headers.location).toBe('/login?error_code=forbidden_action&next=%2Fvault');
      const gsis = await t.app.inject({ method: 'GET', url: '/api/login?next=/vault' });
      expect(gsis.statusCode).toBe(302);
      expect(gsis.headers.location).toBe('/login?error_code=connection_error&next=%2Fvault');
    } finally {
      await t.close();
    }
  });
});

/** A browser for app.inject: cookies by path, one redirect at a time. */
function injectBrowser() {
  const cookies = new Map<string, { value: string; path: string }>();
  return async (app: FastifyInstance, url: string, form?: Record<string, string>) => {
    const target = new URL(url, 'http://localhost:8080');
    const cookie = [...cookies.entries()]
      .filter(([, c]) => target.pathname.startsWith(c.path))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const response = await app.inject({
      method: form ? 'POST' : 'GET',
      url: `${target.pathname}${target.search}`,
      headers: {
        host: 'localhost:8080',
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: form ? new URLSearchParams(form).toString() : undefined,
    });
    const setCookie = response.headers['set-cookie'];
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      if (value) cookies.set(name, { value, path });
      else cookies.delete(name);
    }
    return response;
  };
}

describe('several API processes on one database', () => {
  it('a login started on one process completes across the others; keys are made once', async () => {
    const t = await createTestApp();
    const second = await buildApp({ config: testConfig(), database: t.database, logger: false });
    try {
      const secrets = await t.database.db
        .selectFrom('server_secrets')
        .select('name')
        .orderBy('name')
        .execute();
      expect(secrets.map((s) => s.name)).toEqual([
        'altcha_hmac_key',
        'contact_code_hmac_key',
        'idp_client_secret',
        'idp_cookie_keys',
        'idp_jwks',
        'otp_hmac_key',
        'pdf_seal_development',
        'pdf_token_hmac_key',
        'validation_pdf_token_key',
        'vault_export_token_key',
      ]);
      const jwks = async (app: FastifyInstance) =>
        (await app.inject({ method: 'GET', url: '/idp/jwks' })).json<{ keys: { kid: string }[] }>();
      expect(await jwks(second)).toEqual(await jwks(t.app));

      const go = injectBrowser();
      const [a, b] = [t.app, second];
      const start = await go(a, '/api/login?next=/vault');
      const toInteraction = await go(b, String(start.headers.location));
      expect(toInteraction.statusCode).toBe(303);
      const interaction = String(toInteraction.headers.location);
      expect((await go(a, interaction)).statusCode).toBe(200);
      const submitted = await go(b, `${interaction}/login`, { mode: 'person', afm: '100000015' });
      expect(submitted.statusCode).toBe(303);
      const resumed = await go(a, String(submitted.headers.location));
      expect(resumed.statusCode).toBe(303);
      const back = await go(b, String(resumed.headers.location));
      expect(back.headers.location).toMatch(/^\/login\/token\?next=%2Fvault#code=/);
      const code = String(back.headers.location).split('#code=')[1] ?? '';
      const token = await go(a, `/api/token?code=${code}`);
      expect(token.statusCode).toBe(200);
      const me = await b.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token.json<{ token: string }>().token}` },
      });
      expect(me.json()).toMatchObject({ afm: '100000015' });

      // The provider's state lives in the database, not in a process.
      const models = await t.database.db
        .selectFrom('idp_payloads')
        .select('model')
        .distinct()
        .execute();
      expect(models.map((m) => m.model)).toEqual(
        expect.arrayContaining(['Session', 'Grant', 'AuthorizationCode', 'AccessToken']),
      );
    } finally {
      await second.close();
      await t.close();
    }
  });
});
