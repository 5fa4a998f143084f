import crypto from 'node:crypto';
import { sha256Hex } from '../../src/modules/auth/secure-random';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import {
  Browser,
  codeOf,
  loginThroughIdp,
  startListeningApp,
  type IdpChoice,
  type ListeningApp,
} from './auth-browser';

// The full OpenID Connect round trip: the real app listening on a port, the built-in provider
// mounted under /idp, a browser following the redirects and posting the provider's form.
describe('login through the built-in identity provider', () => {
  let t: ListeningApp;
  beforeAll(async () => {
    t = await startListeningApp({ LOGIN_THROTTLE_MAX_FAILURES: '1000' });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    clock.reset();
  });

  const api = (path: string, init: RequestInit = {}) => fetch(`${t.baseUrl}${path}`, init);
  const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  // The browser of the latest login: a code is exchanged where its login started.
  let browser: Browser;
  const login = (startPath: string, choice: IdpChoice) => {
    browser = new Browser(t.baseUrl);
    return loginThroughIdp(browser, startPath, choice);
  };
  const exchange = async (code: string) => browser.exchange(code);
  const loginToken = async (startPath: string, choice: IdpChoice) => {
    const { location } = await login(startPath, choice);
    const response = await exchange(codeOf(location));
    expect(response.status).toBe(200);
    return (await response.json()) as {
      token: string;
      expires_at: string;
      user: Record<string, unknown>;
    };
  };

  it('a citizen with a certified mobile logs in with the tax-authority provider and lands on next', async () => {
    browser = new Browser(t.baseUrl);
    const { location, page } = await loginThroughIdp(browser, '/api/login?next=/vault', {
      afm: '100000015',
    });
    expect(location).toMatch(/^\/login\/token\?next=%2Fvault#code=[A-Za-z0-9_-]{43}$/);
    expect(page).toContain('TEST');
    expect(page).toContain('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');

    const response = await exchange(codeOf(location));
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const body = (await response.json()) as { token: string; expires_at: string; user: unknown };
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const expectedUser = {
      is_admin: false,
      anonymous_login: false,
      firstname: 'ΜΑΡΙΑ',
      surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
      afm: '100000015',
      email: 'maria.papadopoulou@example.gr',
      username: null,
      display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ',
      login_provider: 'gsis',
      ask_mobile_use_nnc_onboarding: true,
      mobile_flow_done: false,
      mobile_certified_login: false,
      mobile: null,
      mobile_certified: false,
      claims: ['gsis_login'],
    };
    expect(body.user).toMatchObject(expectedUser);

    const me = await api('/api/users/me', bearer(body.token));
    expect(me.status).toBe(200);
    expect(me.headers.get('cache-control')).toBe('no-store');
    expect(await me.json()).toEqual({ ...expectedUser, id: (body.user as { id: string }).id });
  });

  it('the provider page is a plain development page: TEST tag, Greek first, no inline script or style', async () => {
    const { page } = await login('/api/gsis_login', { afm: '100000015' });
    expect(page).toMatch(/<html lang="el">/);
    expect(page).toMatch(/class="idp-test-tag"[^>]*>TEST</);
    expect(page).toContain('Σελίδα δοκιμών');
    expect(page).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=/i);
    for (const afm of [
      '100000015',
      '100000027',
      '100000039',
      '094000012',
      '100000040',
      '100000052',
      '100000064',
    ]) {
      expect(page).toContain(`value="${afm}"`);
    }
    expect(page).toContain('Διαχειριστής πίνακα ελέγχου');
    const css = await api('/idp/assets/idp.css');
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/text\/css/);

    // Mounted under /idp: its metadata names /idp endpoints on PUBLIC_URL.
    const discovery = (await (await api('/idp/.well-known/openid-configuration')).json()) as Record<
      string,
      unknown
    >;
    expect(discovery.issuer).toBe(`${t.baseUrl}/idp`);
    expect(discovery.authorization_endpoint).toBe(`${t.baseUrl}/idp/auth`);
    expect(discovery.token_endpoint).toBe(`${t.baseUrl}/idp/token`);
  });

  it('the authorization request carries state, nonce and PKCE S256', async () => {
    const response = await api('/api/login?next=/vault', { redirect: 'manual' });
    expect(response.status).toBe(302);
    const url = new URL(response.headers.get('location') ?? '');
    expect(url.origin + url.pathname).toBe(`${t.baseUrl}/idp/auth`);
    expect(url.searchParams.get('client_id')).toBe('dilosi-gsis');
    expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/login/callback/gsis`);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')?.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('nonce')?.length).toBeGreaterThanOrEqual(32);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('web banking certifies the mobile', async () => {
    const { user } = await loginToken('/api/login?provider=bank', { afm: '100000015' });
    expect(user).toMatchObject({
      login_provider: 'bank',
      mobile: '6912345678',
      mobile_certified: true,
      mobile_certified_login: true,
      mobile_flow_done: true,
      ask_mobile_use_nnc_onboarding: false,
    });
    expect(user.claims).toEqual(expect.arrayContaining(['bank_login', 'mobile_certified_login']));
  });

  it('a dashboard admin logs in with the admin login', async () => {
    const { location } = await login('/api/gsis_admin_login?next=/dashboard', { afm: '100000064' });
    expect(location).toMatch(/^\/login\/token\?next=%2Fdashboard#code=/);
    const { user } = (await (await exchange(codeOf(location))).json()) as {
      user: Record<string, unknown>;
    };
    expect(user).toMatchObject({
      is_admin: true,
      afm: '100000064',
      login_provider: 'gsis_admin',
      username: 'g.antoniou',
      claims: ['gsis_admin_login'],
      ask_mobile_use_nnc_onboarding: false,
    });
  });

  it('/api/login?admin=1 is the admin login too', async () => {
    const response = await api('/api/login?admin=1', { redirect: 'manual' });
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('client_id')).toBe(
      'dilosi-gsis_admin',
    );
  });

  it('the same person logged in as a citizen is not an admin', async () => {
    const { user } = await loginToken('/api/gsis_login', { afm: '100000064' });
    expect(user.is_admin).toBe(false);
    expect(user.claims).toEqual(['gsis_login']);
  });

  it('anonymous login: no tax number, claim anonymous_login', async () => {
    const { location, page } = await login('/api/anon_login/?next=/templates/x', {
      anonymous: true,
    });
    expect(page).toContain('Συνέχεια ανώνυμα');
    expect(location).toMatch(/^\/login\/token\?next=%2Ftemplates%2Fx#code=/);
    const { user } = (await (await exchange(codeOf(location))).json()) as {
      user: Record<string, unknown>;
    };
    expect(user).toMatchObject({
      anonymous_login: true,
      afm: null,
      firstname: null,
      is_admin: false,
      login_provider: 'anon',
      claims: ['anonymous_login'],
      ask_mobile_use_nnc_onboarding: false,
    });
    // No name to show, not its UUID (issue #37).
    expect(user.display_name).toBeNull();
  });

  it('an anonymous login started for a template keeps it in its session, its only template', async () => {
    const { token } = await loginToken(
      '/api/anon_login/?template=anonymous-complaint&next=/templates/anonymous-complaint/create',
      { anonymous: true },
    );
    const session = await t.database.db
      .selectFrom('sessions')
      .select('template')
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    expect(session.template).toBe('anonymous-complaint');
    expect((await api('/api/templates/anonymous-complaint', bearer(token))).status).toBe(200);
    // A citizen's login keeps none.
    const { token: citizen } = await loginToken('/api/login?template=anonymous-complaint', {
      afm: '100000015',
    });
    const citizenSession = await t.database.db
      .selectFrom('sessions')
      .select('template')
      .where('token_hash', '=', sha256Hex(citizen))
      .executeTakeFirstOrThrow();
    expect(citizenSession.template).toBeNull();
  });

  describe('every login error lands on /login?error_code=… keeping next', () => {
    const cases: [string, string, IdpChoice, string][] = [
      [
        'a deactivated tax number',
        '/api/login?next=/vault',
        { afm: '100000039' },
        'vatin_deactivated',
      ],
      [
        'a corporate account',
        '/api/login?next=/vault',
        { afm: '094000012' },
        'corporate_account_not_allowed',
      ],
      [
        'a tax number that is not a natural person',
        '/api/login?next=/vault',
        { typed: { afm: '094000012', firstname: 'ΔΗΜΟΣΙΑ ΕΠΙΧΕΙΡΗΣΗ', surname: 'Α.Ε.' } },
        'vatin_not_a_person',
      ],
      ['a deceased person', '/api/login?next=/vault', { afm: '100000076' }, 'vatin_has_passed'],
      [
        'a tax number the registry does not know',
        '/api/login?next=/vault',
        { typed: { afm: '100000168', firstname: 'ΑΓΝΩΣΤΟΣ', surname: 'ΑΓΝΩΣΤΟΥ' } },
        'vatin_does_not_exist',
      ],
      [
        'an invalid tax number',
        '/api/login?next=/vault',
        { typed: { afm: '123456789', firstname: 'ΤΕΣΤ', surname: 'ΤΕΣΤ' } },
        'vatin_invalid',
      ],
      [
        'names that do not match the registry',
        '/api/login?next=/vault',
        { typed: { afm: '100000015', firstname: 'ΜΑΡΙΑ', surname: 'ΑΛΛΗ' } },
        'vatin_no_match',
      ],
      [
        'the surname in Latin script that is not the registry one',
        '/api/login?next=/vault',
        { typed: { afm: '100000015', firstname: 'JOHN', surname: 'SMITH' } },
        'vatin_no_match',
      ],
      ['a cancelled login', '/api/login?next=/vault', { cancel: true }, 'access_denied'],
    ];
    it.each(cases)('%s → %s', async (_label, start, choice, code) => {
      const { location } = await login(start, choice);
      const url = new URL(location, t.baseUrl);
      expect(url.pathname).toBe('/login');
      expect(url.searchParams.get('error_code')).toBe(code);
      expect(url.searchParams.get('next')).toBe('/vault');
      expect(url.hash).toBe('');
    });

    it('the registry surname transliterated to Latin (a bank) is the same person', async () => {
      const { user } = await loginToken('/api/login', {
        typed: { afm: '100000015', firstname: 'MARIA', surname: 'Papadopoulou' },
      });
      expect(user).toMatchObject({ afm: '100000015', surname: 'Papadopoulou' });
    });

    it('a citizen on the admin login → user_not_admin (admin=1 kept)', async () => {
      const { location } = await login('/api/gsis_admin_login?next=/dashboard', {
        afm: '100000015',
      });
      const url = new URL(location, t.baseUrl);
      expect(url.searchParams.get('error_code')).toBe('user_not_admin');
      expect(url.searchParams.get('admin')).toBe('1');
      expect(url.searchParams.get('next')).toBe('/dashboard');
    });

    it('template and mobileWarn go back to /login too', async () => {
      const { location } = await login('/api/login?next=/vault&template=dilosi&mobileWarn=1', {
        afm: '100000039',
      });
      const url = new URL(location, t.baseUrl);
      expect(url.searchParams.get('template')).toBe('dilosi');
      expect(url.searchParams.get('mobileWarn')).toBe('1');
    });

    it('an unknown provider → forbidden_action', async () => {
      const response = await api('/api/login?provider=facebook&next=/vault', {
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(
        '/login?error_code=forbidden_action&next=%2Fvault',
      );
    });

    it('an unknown or replayed state → confirmation_error', async () => {
      const forged = await api('/api/login/callback/gsis?code=abc&state=forged', {
        redirect: 'manual',
      });
      expect(forged.headers.get('location')).toBe('/login?error_code=confirmation_error');

      // The provider's answer replayed: the state was used up by the first callback.
      const browser = new Browser(t.baseUrl);
      const started = await browser.request('/api/login');
      const state = new URL(started.headers.get('location') ?? '').searchParams.get('state');
      const answer = `/api/login/callback/gsis?error=access_denied&state=${state}`;
      const afterState = await browser.request(answer);
      expect(afterState.headers.get('location')).toBe('/login?error_code=access_denied');
      const replayed = await browser.request(answer);
      expect(replayed.headers.get('location')).toBe('/login?error_code=confirmation_error');
    });

    describe('a login completes only in the browser that started it', () => {
      it('the start sets a short-lived HttpOnly, SameSite=Lax binding for the callback', async () => {
        const started = await api('/api/login', { redirect: 'manual' });
        const cookie = started.headers.getSetCookie().find((c) => c.startsWith('dilosi_login='));
        expect(cookie).toMatch(
          /^dilosi_login=[A-Za-z0-9_-]{43}; Path=\/api; Max-Age=1200; HttpOnly; SameSite=Lax$/,
        );
      });

      it("the provider's callback URL opened in another browser → forbidden_action", async () => {
        const victim = new Browser(t.baseUrl);
        const attacker = new Browser(t.baseUrl);
        // The attacker's own login, stopped just before its callback …
        const started = await attacker.request('/api/login?next=/vault');
        const providerUrl = new URL(started.headers.get('location') ?? '');
        const state = providerUrl.searchParams.get('state');
        // … whose callback the victim is made to open: refused, nothing issued.
        const codesBefore = await t.database.db
          .selectFrom('login_codes')
          .select('code_hash')
          .execute();
        const callback = await victim.request(
          `/api/login/callback/gsis?code=stolen&state=${state}`,
        );
        expect(callback.headers.get('location')).toBe(
          '/login?error_code=forbidden_action&next=%2Fvault',
        );
        const codesAfter = await t.database.db
          .selectFrom('login_codes')
          .select('code_hash')
          .execute();
        expect(codesAfter).toHaveLength(codesBefore.length);
      });

      it('a one-time code moved to another client → invalid_code, still good where it began', async () => {
        const { location } = await login('/api/login', { afm: '100000015' });
        // Even with the page's verifier, the code needs the browser's binding cookie.
        const moved = await api(
          `/api/token?code=${encodeURIComponent(codeOf(location))}&verifier=${browser.verifier}`,
        );
        expect(moved.status).toBe(400);
        expect(((await moved.json()) as { error: { code: string } }).error.code).toBe(
          'invalid_code',
        );
        const other = new Browser(t.baseUrl);
        await other.request('/api/login'); // a binding of its own, not this login's
        const elsewhere = await other.exchange(codeOf(location), browser.verifier);
        expect(elsewhere.status).toBe(400);
        const home = await exchange(codeOf(location));
        expect(home.status).toBe(200);
        // The exchange ends the binding in the browser.
        expect(home.headers.getSetCookie().some((c) => /^dilosi_login=;.*Max-Age=0/.test(c))).toBe(
          true,
        );
      });

      it('the code exchange needs the verifier of the page that began the login → else invalid_code', async () => {
        const { location } = await login('/api/login?next=/vault', { afm: '100000015' });
        const code = codeOf(location);
        const stored = await t.database.db
          .selectFrom('login_codes')
          .select('verifier_challenge')
          .where('code_hash', '=', crypto.createHash('sha256').update(code).digest('hex'))
          .executeTakeFirstOrThrow();
        expect(stored.verifier_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
        // Same browser and cookie, but no verifier, another page's verifier, or a malformed one.
        const otherPage = new Browser(t.baseUrl);
        otherPage.withVerifier('/api/login');
        for (const verifier of [null, otherPage.verifier, `${browser.verifier}x`, 'short']) {
          const refused = await browser.exchange(code, verifier);
          expect(refused.status, String(verifier)).toBe(400);
          expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
            'invalid_code',
          );
        }
        // The code stays good for the page that holds the verifier.
        const home = await exchange(code);
        expect(home.status).toBe(200);
        expect(((await home.json()) as { user: { afm: string } }).user.afm).toBe('100000015');
      });

      it('a malformed verifier_challenge refuses the start → forbidden_action', async () => {
        for (const challenge of ['', 'abc', `${'A'.repeat(43)}=`, 'A'.repeat(44)]) {
          const started = await api(
            `/api/login?next=/vault&verifier_challenge=${encodeURIComponent(challenge)}`,
            { redirect: 'manual' },
          );
          expect(started.status).toBe(302);
          expect(started.headers.get('location'), challenge).toBe(
            '/login?error_code=forbidden_action&next=%2Fvault',
          );
        }
      });

      it('a login started without a challenge needs no verifier (the cookie still binds it)', async () => {
        browser = new Browser(t.baseUrl);
        const { location } = await loginThroughIdp(
          browser,
          '/api/login',
          { afm: '100000015' },
          { verifier: false },
        );
        const response = await browser.exchange(codeOf(location));
        expect(response.status).toBe(200);
      });
    });

    it('a state answered at the callback of another provider → confirmation_error', async () => {
      const started = await api('/api/login', { redirect: 'manual' });
      const state = new URL(started.headers.get('location') ?? '').searchParams.get('state');
      const response = await api(`/api/login/callback/bank?code=abc&state=${state}`, {
        redirect: 'manual',
      });
      expect(response.headers.get('location')).toBe('/login?error_code=confirmation_error');
    });
  });

  describe('next is only ever a path on this site', () => {
    it.each([
      'https://elsewhere.example',
      '//elsewhere.example',
      '/\\elsewhere.example',
      'javascript:alert(1)',
    ])('next=%s is dropped', async (next) => {
      const { location } = await login(`/api/login?next=${encodeURIComponent(next)}`, {
        afm: '100000015',
      });
      expect(location).toMatch(/^\/login\/token#code=/);
    });

    it('on an error too', async () => {
      const response = await api('/api/login?provider=nope&next=https%3A%2F%2Felsewhere.example', {
        redirect: 'manual',
      });
      expect(response.headers.get('location')).toBe('/login?error_code=forbidden_action');
    });
  });

  describe('the one-time code', () => {
    it('is single use', async () => {
      const { location } = await login('/api/login', { afm: '100000015' });
      const code = codeOf(location);
      expect((await exchange(code)).status).toBe(200);
      const again = await exchange(code);
      expect(again.status).toBe(400);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe('invalid_code');
    });

    it('expires after 60 seconds', async () => {
      const { location } = await login('/api/login', { afm: '100000015' });
      clock.advance(61_000);
      const late = await exchange(codeOf(location));
      expect(late.status).toBe(400);
      expect(((await late.json()) as { error: { code: string } }).error.code).toBe('invalid_code');
    });

    it('is still good at 59 seconds', async () => {
      const { location } = await login('/api/login', { afm: '100000015' });
      clock.advance(59_000);
      expect((await exchange(codeOf(location))).status).toBe(200);
    });

    it.each([
      ['', 'no_code'],
      ['abcdefghij', 'invalid_code_len'],
      ['abcdefghijk', 'invalid_code'],
    ])('code=%j → %s', async (code, errorCode) => {
      const response = await exchange(code);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(errorCode);
      expect(body.error.message).not.toBe(errorCode);
    });

    it('no code parameter at all → no_code', async () => {
      const response = await api('/api/token');
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('no_code');
    });
  });
});
