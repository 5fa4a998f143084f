import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { clock, now } from '../../src/clock';
import { verifyCaptcha } from '../../src/modules/auth';
import { upsertPersonUser } from '../../src/modules/auth/users';
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
