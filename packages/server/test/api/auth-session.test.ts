import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { requireAdmin, requireClaims, requireUser } from '../../src/modules/auth';
import {
  Browser,
  codeOf,
  loginThroughIdp,
  startListeningApp,
  type ListeningApp,
} from './auth-browser';

type ErrorBody = { error: { code: string; message: string; data?: Record<string, unknown> } };

describe('sessions, the authenticated route tree and the mobile onboarding', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await startListeningApp(
      { SESSION_TTL_SECONDS: '7200', SESSION_IDLE_SECONDS: '1800' },
      testRoutes,
    );
  });
  // Routes of later modules live in the same kind of tree and use the same helpers.
  const testRoutes = async (app: FastifyInstance) => {
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', app.auth.authenticate);
        scope.get('/needs-certified-mobile', async (request) => {
          requireClaims(request.user, ['mobile_certified_login']);
          return { ok: true };
        });
        scope.get('/anonymous-allowed', async (request) => {
          requireClaims(request.user, ['anonymous_login']);
          return { ok: true };
        });
        scope.get('/dashboard-only', async (request) => ({ id: requireAdmin(request).id }));
      },
      { prefix: '/api/test' },
    );
    await app.register(
      async (scope) => {
        scope.addHook('onRequest', app.auth.identify);
        scope.get('/whoami', async (request) => ({ user: request.user?.id ?? null }));
        scope.get('/must', async (request) => ({ user: requireUser(request).id }));
      },
      { prefix: '/api/test-optional' },
    );
  };
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    clock.reset();
  });

  const api = (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
    const headers: Record<string, string> = {};
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`;
    if (init.json !== undefined) headers['content-type'] = 'application/json';
    return fetch(`${t.baseUrl}${path}`, {
      ...init,
      headers: { ...headers, ...(init.headers as Record<string, string> | undefined) },
      body: init.json === undefined ? init.body : JSON.stringify(init.json),
    });
  };
  const errorOf = async (response: Response) => ((await response.json()) as ErrorBody).error;
  const loginAs = async (afm: string, start = '/api/login') => {
    const browser = new Browser(t.baseUrl);
    const { location } = await loginThroughIdp(browser, start, { afm });
    const response = await browser.exchange(codeOf(location));
    return ((await response.json()) as { token: string }).token;
  };

  describe('the token', () => {
    it('missing → 401 no_authentication_token', async () => {
      const response = await api('/api/users/me');
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toEqual({
        code: 'no_authentication_token',
        message: 'Απαιτείται σύνδεση.',
      });
    });

    it('tampered → 401 invalid_token, with the spec text', async () => {
      const token = await loginAs('100000027');
      const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
      const response = await api('/api/users/me', { token: flipped });
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toEqual({
        code: 'invalid_token',
        message: 'Η συνεδρία σας στην εφαρμογή έληξε',
      });
      expect((await api('/api/users/me', { token: 'not a token' })).status).toBe(401);
      expect((await api('/api/users/me', { headers: { authorization: 'Basic abc' } })).status).toBe(
        401,
      );
      expect((await api('/api/users/me', { token })).status).toBe(200);
    });

    it('revoked by logout → 401 invalid_token; logging out twice is fine', async () => {
      const token = await loginAs('100000027');
      const other = await loginAs('100000027');
      expect((await api('/api/users/me', { token })).status).toBe(200);
      const logout = await api('/api/logout', { method: 'POST', token });
      expect(logout.status).toBe(204);
      const after = await api('/api/users/me', { token });
      expect(after.status).toBe(401);
      expect((await errorOf(after)).code).toBe('invalid_token');
      expect((await api('/api/logout', { method: 'POST', token })).status).toBe(204);
      expect((await api('/api/logout', { method: 'POST' })).status).toBe(204);
      // Only that session ended.
      expect((await api('/api/users/me', { token: other })).status).toBe(200);
    });

    it('expires after SESSION_TTL_SECONDS even when used', async () => {
      const token = await loginAs('100000027');
      for (let i = 0; i < 4; i++) {
        clock.advance(1_700_000);
        expect((await api('/api/users/me', { token })).status).toBe(200);
      }
      clock.advance(600_000);
      const expired = await api('/api/users/me', { token });
      expect(expired.status).toBe(401);
      expect((await errorOf(expired)).code).toBe('invalid_token');
    });

    it('expires after SESSION_IDLE_SECONDS unused', async () => {
      const token = await loginAs('100000027');
      clock.advance(1_801_000);
      expect((await errorOf(await api('/api/users/me', { token }))).code).toBe('invalid_token');
    });

    it('is stored only as a hash', async () => {
      const token = await loginAs('100000027');
      const rows = await t.database.db.selectFrom('sessions').select('token_hash').execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.some((row) => row.token_hash.includes(token))).toBe(false);
      const codes = await t.database.db.selectFrom('login_codes').select('code_hash').execute();
      expect(codes.every((row) => /^[0-9a-f]{64}$/.test(row.code_hash))).toBe(true);
    });
  });

  describe('helpers for later modules', () => {
    it('missing_required_claims names the claims to get', async () => {
      const token = await loginAs('100000027');
      const response = await api('/api/test/needs-certified-mobile', { token });
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toMatchObject({
        code: 'missing_required_claims',
        data: { claims: ['mobile_certified_login'] },
      });
      expect((await api('/api/test/anonymous-allowed', { token })).status).toBe(200);
    });

    it('requireAdmin refuses a citizen session and accepts an admin login', async () => {
      const citizen = await loginAs('100000052');
      expect((await errorOf(await api('/api/test/dashboard-only', { token: citizen }))).code).toBe(
        'permission_denied',
      );
      const admin = await loginAs('100000052', '/api/gsis_admin_login');
      expect((await api('/api/test/dashboard-only', { token: admin })).status).toBe(200);
    });

    it('optional identification: anonymous goes on, a bad token does not', async () => {
      expect(await (await api('/api/test-optional/whoami')).json()).toEqual({ user: null });
      expect((await errorOf(await api('/api/test-optional/must'))).code).toBe(
        'no_authentication_token',
      );
      const token = await loginAs('100000027');
      expect(
        ((await (await api('/api/test-optional/whoami', { token })).json()) as { user: string })
          .user,
      ).toMatch(/^[0-9a-f-]{36}$/);
      expect(
        (await errorOf(await api('/api/test-optional/whoami', { token: `${token}x` }))).code,
      ).toBe('invalid_token');
    });
  });

  describe('POST /api/profile (mobile onboarding)', () => {
    const consents = (checkCertified: boolean, useRegistry = false) => ({
      mobile_use_nnc_onboarding: useRegistry,
      mobile_check_certified: checkCertified,
    });

    it('a mobile that is not the certified one → 400 attribute_not_validated on the mobile field', async () => {
      const token = await loginAs('100000015');
      const response = await api('/api/profile', {
        method: 'POST',
        token,
        json: { consents: consents(true), mobile: '6900000000' },
      });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('attribute_not_validated');
      expect(error.data).toEqual({
        invalid_fields: [
          { invalid_field: 'mobile', error_info: { code: 'attribute_not_validated' } },
        ],
      });
      const me = (await (await api('/api/users/me', { token })).json()) as Record<string, unknown>;
      expect(me.mobile_flow_done).toBe(false);
    });

    it('a malformed mobile → 400 invalid_request with the validator code', async () => {
      const token = await loginAs('100000015');
      const response = await api('/api/profile', {
        method: 'POST',
        token,
        json: { consents: consents(true), mobile: '2101234567' },
      });
      const error = await errorOf(response);
      expect(error.code).toBe('invalid_request');
      expect(error.data).toEqual({
        invalid_fields: [{ invalid_field: 'mobile', error_info: { code: 'mobile_invalid' } }],
      });
    });

    it('the certified mobile, typed with +30 → certified, flow done', async () => {
      const token = await loginAs('100000015');
      const response = await api('/api/profile', {
        method: 'POST',
        token,
        json: { consents: consents(true), mobile: '+30 691 234 5678' },
      });
      expect(response.status).toBe(200);
      const user = (await response.json()) as Record<string, unknown>;
      expect(user).toMatchObject({
        mobile: '6912345678',
        mobile_certified: true,
        mobile_flow_done: true,
        mobile_certified_login: true,
        ask_mobile_use_nnc_onboarding: false,
      });
      expect((await api('/api/test/needs-certified-mobile', { token })).status).toBe(200);
    });

    it('consent to use the registry number: none registered → 400 no_mobile', async () => {
      const token = await loginAs('100000027');
      const response = await api('/api/profile', {
        method: 'POST',
        token,
        json: { consents: consents(false, true) },
      });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('no_mobile');
    });

    it('consent to use the registry number: its certified mobile is taken', async () => {
      const token = await loginAs('100000040');
      const response = await api('/api/profile', {
        method: 'POST',
        token,
        json: { consents: consents(false, true) },
      });
      expect(await response.json()).toMatchObject({
        mobile: '6944444444',
        mobile_certified: true,
        mobile_flow_done: true,
      });
      const stored = await t.database.db
        .selectFrom('users')
        .select('consents')
        .where('afm', '=', '100000040')
        .executeTakeFirstOrThrow();
      expect(stored.consents.mobile_use_nnc_onboarding?.value).toBe(true);
    });

    it('declining keeps a typed mobile as not certified', async () => {
      const token = await loginAs('100000027');
      const response = await api('/api/profile', {
        method: 'POST',
        token,
        json: { consents: consents(false), mobile: '6977777777' },
      });
      expect(await response.json()).toMatchObject({
        mobile: '6977777777',
        mobile_certified: false,
        mobile_flow_done: true,
        ask_mobile_use_nnc_onboarding: false,
      });
    });

    it('needs a session, and a well-formed body', async () => {
      expect((await api('/api/profile', { method: 'POST', json: { consents: {} } })).status).toBe(
        401,
      );
      const token = await loginAs('100000027');
      const response = await api('/api/profile', { method: 'POST', token, json: { mobile: 5 } });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('invalid_request');
    });
  });
});
