import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { verifyCaptcha } from '../../src/modules/auth';
import { leadingZeroBits, solveCaptcha } from '../../src/modules/auth/captcha';
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

  it('slows repeated failures from one client, then refuses them with login_throttled', async () => {
    await withApp(async (t) => {
      expect((await guess(t)).json<ErrorBody>().error.code).toBe('invalid_code'); // 1
      expect((await guess(t)).json<ErrorBody>().error.code).toBe('invalid_code'); // 2: wait 1 s
      const slowed = await guess(t);
      expect(slowed.statusCode).toBe(429);
      expect(slowed.json<ErrorBody>().error).toMatchObject({
        code: 'login_throttled',
        message: 'Έγιναν πολλές αποτυχημένες προσπάθειες σύνδεσης. Δοκιμάστε ξανά αργότερα.',
        data: { retry_after_seconds: 1 },
      });
      expect(slowed.headers['retry-after']).toBe('1');

      clock.advance(1_000);
      expect((await guess(t)).statusCode).toBe(400); // 3: wait 2 s
      expect((await guess(t)).json<ErrorBody>().error.data).toEqual({ retry_after_seconds: 2 });
      clock.advance(2_000);
      expect((await guess(t)).statusCode).toBe(400); // 4: the limit, refused until the window ends

      clock.advance(60_000);
      const refused = await guess(t);
      expect(refused.statusCode).toBe(429);
      expect(refused.json<ErrorBody>().error.data?.retry_after_seconds).toBeGreaterThan(800);

      // The login start and the callback refuse the client too, on the login page.
      const start = await t.app.inject({
        method: 'GET',
        url: '/api/login?next=/vault',
        remoteAddress: '203.0.113.7',
      });
      expect(start.headers.location).toBe('/login?error_code=login_throttled&next=%2Fvault');
      const callback = await t.app.inject({
        method: 'GET',
        url: '/api/login/callback/gsis?code=x&state=y',
        remoteAddress: '203.0.113.7',
      });
      expect(callback.headers.location).toBe('/login?error_code=login_throttled');

      // Another client is not affected.
      expect((await guess(t, '198.51.100.9')).statusCode).toBe(400);

      // The counters are in the database, not in this process.
      const row = await t.database.db
        .selectFrom('login_throttle')
        .selectAll()
        .where('key', '=', 'ip:203.0.113.7')
        .executeTakeFirstOrThrow();
      expect(row.failures).toBe(4);

      // A new window starts afresh.
      clock.advance(900_000);
      expect((await guess(t)).statusCode).toBe(400);
    });
  });

  it('forged states at the callback count as failures', async () => {
    await withApp(async (t) => {
      for (let i = 0; i < 2; i++) {
        const response = await t.app.inject({
          method: 'GET',
          url: `/api/login/callback/gsis?code=x&state=forged-${i}`,
          remoteAddress: '203.0.113.8',
        });
        expect(response.headers.location).toBe('/login?error_code=confirmation_error');
      }
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/login/callback/gsis?code=x&state=forged-3',
        remoteAddress: '203.0.113.8',
      });
      expect(response.headers.location).toBe('/login?error_code=login_throttled');
    });
  });
});

describe('proof-of-work captcha', () => {
  const withApp = async (fn: (t: TestApp) => Promise<void>) => {
    const t = await createTestApp({
      env: { CAPTCHA_DIFFICULTY_BITS: '8', CAPTCHA_TTL_SECONDS: '300' },
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
  type Challenge = {
    challenge: string;
    salt: string;
    difficulty: number;
    algorithm: string;
    expires_at: string;
  };
  const challengeOf = async (t: TestApp) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/captcha' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.json<Challenge>();
  };
  const create = (t: TestApp, captcha?: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test-anonymous-create',
      payload: captcha === undefined ? {} : { captcha },
    });

  it('issues a signed challenge and accepts its solution once', async () => {
    await withApp(async (t) => {
      const challenge = await challengeOf(t);
      expect(challenge).toMatchObject({ difficulty: 8, algorithm: 'sha256-leading-zero-bits' });
      expect(challenge.salt).toMatch(/^[0-9a-f]{32}$/);
      const nonce = solveCaptcha(challenge.salt, challenge.difficulty);
      const digest = crypto
        .createHash('sha256')
        .update(challenge.salt + nonce)
        .digest();
      expect(leadingZeroBits(digest)).toBeGreaterThanOrEqual(8);

      const ok = await create(t, { challenge: challenge.challenge, nonce });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ created: true });

      const replayed = await create(t, { challenge: challenge.challenge, nonce });
      expect(replayed.statusCode).toBe(400);
      expect(replayed.json<ErrorBody>().error.code).toBe('captcha_invalid');
    });
  });

  it('missing → captcha_required; wrong, forged or expired → captcha_invalid', async () => {
    await withApp(async (t) => {
      const missing = await create(t);
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ErrorBody>().error).toEqual({
        code: 'captcha_required',
        message: 'Απαιτείται έλεγχος ασφαλείας (captcha) για να συνεχίσετε.',
      });

      const challenge = await challengeOf(t);
      const nonce = solveCaptcha(challenge.salt, challenge.difficulty);
      let wrong = 0;
      while (
        leadingZeroBits(
          crypto
            .createHash('sha256')
            .update(challenge.salt + `w${wrong}`)
            .digest(),
        ) >= 8
      ) {
        wrong++;
      }
      const cases: unknown[] = [
        'not-an-object',
        { challenge: challenge.challenge },
        { challenge: challenge.challenge, nonce: `w${wrong}` },
        { challenge: `${challenge.challenge}x`, nonce },
        // A harder-looking challenge made up by the client: the signature no longer matches.
        {
          challenge: `${Buffer.from(JSON.stringify({ s: challenge.salt, d: 0, e: Date.now() + 60_000 })).toString('base64url')}.${challenge.challenge.split('.')[1]}`,
          nonce: 'x',
        },
      ];
      for (const captcha of cases) {
        const response = await create(t, captcha);
        expect(response.statusCode, JSON.stringify(captcha)).toBe(400);
        expect(response.json<ErrorBody>().error.code).toBe('captcha_invalid');
      }

      clock.advance(301_000);
      const expired = await create(t, { challenge: challenge.challenge, nonce });
      expect(expired.json<ErrorBody>().error.code).toBe('captcha_invalid');
    });
  });
});
