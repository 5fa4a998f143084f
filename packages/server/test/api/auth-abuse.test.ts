import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { clock, now } from '../../src/clock';
import { verifyCaptcha } from '../../src/modules/auth';
import { upsertPersonUser } from '../../src/modules/auth/users';
import { solveCaptcha, type CaptchaChallenge } from '../../src/modules/auth/captcha';
import { createTestApp, type TestApp } from '../helpers';

type ErrorBody = { error: { code: string; message: string; data?: Record<string, unknown> } };

afterEach(() => {
  clock.reset();
});

describe('login throttling', () => {
  const withApp = async (fn: (t: TestApp) => Promise<void>) => {
    const t = await createTestApp({
      env: { LOGIN_THROTTLE_MAX_FAILURES: '4', LOGIN_THROTTLE_WINDOW_SECONDS: '900' },
    });
    try {
      await fn(t);
    } finally {
      await t.close();
    }
  };
  const guess = (t: TestApp, remoteAddress = '203.0.113.7') =>
    t.app.inject({
      method: 'GET',
      url: `/api/token?code=${crypto.randomBytes(16).toString('base64url')}`,
      remoteAddress,
    });

  /** A one-time code of a real user, as the callback would have made it. */
  const issueCode = async (t: TestApp) => {
    const user = await upsertPersonUser(t.database, {
      afm: '100000015',
      firstname: 'ΜΑΡΙΑ',
      surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
      email: null,
      username: null,
      certifiedMobile: null,
      grantAdmin: false,
    });
    const code = crypto.randomBytes(32).toString('base64url');
    const binding = crypto.randomBytes(32).toString('base64url');
    const at = now();
    await t.database.db
      .insertInto('login_codes')
      .values({
        code_hash: crypto.createHash('sha256').update(code).digest('hex'),
        user_id: user.id,
        provider: 'gsis',
        claims: JSON.stringify(['gsis_login']),
        is_admin: false,
        binding_hash: crypto.createHash('sha256').update(binding).digest('hex'),
        created_at: at,
        expires_at: new Date(at.getTime() + 60_000),
      })
      .execute();
    return { code, cookie: `dilosi_login=${binding}` };
  };

  it('slows repeated failures from one client, then refuses them with login_throttled', async () => {
    await withApp(async (t) => {
      expect((await guess(t)).json<ErrorBody>().error.code).toBe('invalid_code'); // 1
      const slowed = await guess(t); // 2: half the limit, wait 1 s
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json<ErrorBody>().error).toMatchObject({
        code: 'login_throttled',
        message: 'Έγιναν πολλές αποτυχημένες προσπάθειες σύνδεσης. Δοκιμάστε ξανά αργότερα.',
        data: { retry_after_seconds: 1 },
      });
      expect(slowed.headers['retry-after']).toBe('1');

      clock.advance(1_000);
      expect((await guess(t)).json<ErrorBody>().error.data).toEqual({ retry_after_seconds: 2 }); // 3
      clock.advance(2_000);
      const refused = await guess(t); // 4: the limit, refused until the window ends
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>().error.data?.retry_after_seconds).toBeGreaterThan(800);

      // Another client is not affected.
      expect((await guess(t, '198.51.100.9')).statusCode).toBe(400);

      // The counters are in the database, not in this process, one per kind of failure.
      const row = await t.database.db
        .selectFrom('login_throttle')
        .selectAll()
        .where('key', '=', 'code:ip:203.0.113.7')
        .executeTakeFirstOrThrow();
      expect(row.failures).toBe(4);

      // A new window starts afresh.
      clock.advance(900_000);
      expect((await guess(t)).statusCode).toBe(400);
    });
  });

  it('cannot be turned against the others behind the same address', async () => {
    await withApp(async (t) => {
      for (let i = 0; i < 4; i++) await guess(t);
      expect((await guess(t)).statusCode).toBe(429);

      // Someone else behind that address who really logged in still gets a session …
      const { code, cookie } = await issueCode(t);
      const exchanged = await t.app.inject({
        method: 'GET',
        url: `/api/token?code=${code}`,
        headers: { cookie },
        remoteAddress: '203.0.113.7',
      });
      expect(exchanged.statusCode, exchanged.body).toBe(200);
      expect(exchanged.json<{ token: string }>().token).toEqual(expect.any(String));

      // … and may start a new login: the start is not throttled at all.
      const start = await t.app.inject({
        method: 'GET',
        url: '/api/login?next=/vault',
        remoteAddress: '203.0.113.7',
      });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).not.toContain('error_code');

      // The guesser is still refused, and a code, once used, counts as a failure.
      expect((await guess(t)).statusCode).toBe(429);
    });
  });

  it('forged states at the callback count as failures, apart from code exchanges', async () => {
    await withApp(async (t) => {
      const forged = (i: number) =>
        t.app.inject({
          method: 'GET',
          url: `/api/login/callback/gsis?code=x&state=forged-${i}`,
          remoteAddress: '203.0.113.8',
        });
      expect((await forged(1)).headers.location).toBe('/login?error_code=confirmation_error');
      // Half the limit: the failure is answered with the wait.
      expect((await forged(2)).headers.location).toBe('/login?error_code=login_throttled');
      const row = await t.database.db
        .selectFrom('login_throttle')
        .select('failures')
        .where('key', '=', 'callback:ip:203.0.113.8')
        .executeTakeFirstOrThrow();
      expect(row.failures).toBe(2);
      // Code exchanges from that address have their own count.
      expect((await guess(t, '203.0.113.8')).statusCode).toBe(400);
    });
  });
});

describe('ALTCHA captcha', () => {
  const withApp = async (fn: (t: TestApp) => Promise<void>) => {
    const t = await createTestApp({
      env: { CAPTCHA_MAX_NUMBER: '1000', CAPTCHA_TTL_SECONDS: '300' },
    });
    // A route of a later module that creates something for an anonymous user.
    t.app.post('/api/test-anonymous-create', async (request) => {
      await verifyCaptcha(request, (request.body as { captcha?: unknown } | undefined)?.captcha);
      return { created: true };
    });
    try {
      await fn(t);
    } finally {
      await t.close();
    }
  };
  const challengeOf = async (t: TestApp) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<CaptchaChallenge>();
  };
  const create = (t: TestApp, captcha?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test-anonymous-create',
      payload: captcha === undefined ? {} : { captcha },
    });
  const decode = (payload: string) =>
    JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as Record<string, unknown>;
  const encode = (payload: Record<string, unknown>) =>
    Buffer.from(JSON.stringify(payload)).toString('base64');

  it('issues a signed challenge and accepts its payload once', async () => {
    await withApp(async (t) => {
      const challenge = await challengeOf(t);
      expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 1000 });
      expect(challenge.salt).toMatch(/\?expires=\d+/);
      const payload = await solveCaptcha(challenge);

      const ok = await create(t, payload);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ created: true });

      const replayed = await create(t, payload);
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json<ErrorBody>().error.code).toBe('captcha_already_used');
      // The same payload as an object is the same challenge.
      const asObject = await create(t, decode(payload));
      expect(asObject.json<ErrorBody>().error.code).toBe('captcha_already_used');
      const stored = await t.database.db.selectFrom('altcha_redemptions').selectAll().execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]?.signature).toBe(challenge.signature);
    });
  });

  it('missing → captcha_required; malformed, wrong or forged → captcha_invalid; old → captcha_expired', async () => {
    await withApp(async (t) => {
      const missing = await create(t);
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ErrorBody>().error).toEqual({
        code: 'captcha_required',
        message: 'Απαιτείται έλεγχος ασφαλείας (captcha) για να συνεχίσετε.',
      });

      const challenge = await challengeOf(t);
      const payload = decode(await solveCaptcha(challenge));
      const cases: unknown[] = [
        'not-a-payload',
        encode({ hello: 'world' }),
        { ...payload, number: (payload.number as number) + 1 },
        { ...payload, signature: `${payload.signature as string}00` },
        // A longer expiry made up by the client: the signature no longer matches.
        { ...payload, salt: (payload.salt as string).replace(/expires=\d+/, 'expires=9999999999') },
        { ...payload, number: 'x' },
      ];
      for (const captcha of cases) {
        const response = await create(t, captcha);
        expect(response.statusCode, JSON.stringify(captcha)).toBe(400);
        expect(response.json<ErrorBody>().error.code).toBe('captcha_invalid');
      }

      clock.advance(301_000);
      const expired = await create(t, encode(payload));
      expect(expired.statusCode).toBe(400);
      expect(expired.json<ErrorBody>().error).toEqual({
        code: 'captcha_expired',
        message: 'Ο έλεγχος ασφαλείας έληξε. Επαναλάβετε τον έλεγχο.',
      });
    });
  });

  it('forgets redeemed challenges once they expire', async () => {
    await withApp(async (t) => {
      const payload = await solveCaptcha(await challengeOf(t));
      expect((await create(t, payload)).statusCode).toBe(200);
      clock.advance(301_000);
      await t.app.auth.captcha.purge();
      const left = await t.database.db.selectFrom('altcha_redemptions').selectAll().execute();
      expect(left).toEqual([]);
    });
  });
});
