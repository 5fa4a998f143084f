import crypto from 'node:crypto';

// A browser as far as login needs one, and the built-in provider's login walked through it:
// used by the API tests (auth-browser.ts) and by tests that drive running processes (e2e/).

type Cookie = { value: string; path: string };

/** A browser as far as login needs one: cookies (with paths), forms, redirects one at a time. */
export class Browser {
  private readonly cookies = new Map<string, Cookie>();
  /** What the web app keeps in sessionStorage when it starts a login (see withVerifier). */
  verifier: string | null = null;

  constructor(readonly baseUrl: string) {}

  /** `path` with a fresh verifier's challenge, as the web app starts every login. */
  withVerifier(path: string): string {
    this.verifier = crypto.randomBytes(32).toString('base64url');
    const challenge = crypto.createHash('sha256').update(this.verifier).digest('base64url');
    return `${path}${path.includes('?') ? '&' : '?'}verifier_challenge=${challenge}`;
  }

  /** GET /api/token as /login/token does: the code and the verifier this browser kept. */
  exchange(code: string, verifier: string | null = this.verifier): Promise<Response> {
    const query = new URLSearchParams({ code });
    if (verifier !== null) query.set('verifier', verifier);
    return this.request(`/api/token?${query.toString()}`);
  }

  async request(
    url: string,
    options: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url, this.baseUrl);
    const cookie = [...this.cookies.entries()]
      .filter(
        ([, c]) =>
          target.pathname === c.path ||
          target.pathname.startsWith(`${c.path.replace(/\/$/, '')}/`) ||
          c.path === '/',
      )
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
    const headers: Record<string, string> = { 'accept-language': 'el' };
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (options.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const response = await fetch(target, {
      method: options.method ?? (options.form ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) this.store(line);
    return response;
  }

  private store(line: string) {
    const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
    const index = pair.indexOf('=');
    const name = pair.slice(0, index);
    const value = pair.slice(index + 1);
    const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
    const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='))?.slice(8);
    if (!value || (expires && new Date(expires).getTime() < Date.now())) this.cookies.delete(name);
    else this.cookies.set(name, { value, path });
  }
}

export const locationOf = (response: Response): string => {
  const location = response.headers.get('location');
  if (!location) throw new Error(`expected a redirect, got ${response.status}`);
  return location;
};

export type IdpChoice =
  | { afm: string }
  | { typed: { afm: string; firstname: string; surname: string } }
  | { anonymous: true }
  | { cancel: true };

/**
 * Starts a login at `startPath` (with a verifier challenge, as the web app does, unless
 * `verifier: false`), picks `choice` on the development provider's page, and follows the
 * redirects back to the service. Answers the service's last redirect (/login/token#code=… or
 * /login?error_code=…) and the provider page's HTML.
 */
export async function loginThroughIdp(
  browser: Browser,
  startPath: string,
  choice: IdpChoice,
  options: { verifier?: boolean } = {},
): Promise<{ location: string; page: string }> {
  if (options.verifier === false) browser.verifier = null;
  const toProvider = await browser.request(
    options.verifier === false ? startPath : browser.withVerifier(startPath),
  );
  expectStatus(toProvider, 302);
  const providerUrl = locationOf(toProvider);
  if (!providerUrl.startsWith(`${browser.baseUrl}/idp/`))
    return { location: providerUrl, page: '' };
  const toInteraction = await browser.request(providerUrl);
  expectStatus(toInteraction, 303);
  const interactionUrl = new URL(locationOf(toInteraction), browser.baseUrl).href;
  const pageResponse = await browser.request(interactionUrl);
  expectStatus(pageResponse, 200);
  const page = await pageResponse.text();

  const submitted =
    'cancel' in choice
      ? await browser.request(`${interactionUrl}/abort`, { form: {} })
      : await browser.request(`${interactionUrl}/login`, {
          form:
            'afm' in choice
              ? { mode: 'person', afm: choice.afm }
              : 'typed' in choice
                ? { mode: 'typed', ...choice.typed }
                : { mode: 'anonymous' },
        });
  expectStatus(submitted, 303);
  const resumed = await browser.request(locationOf(submitted));
  expectStatus(resumed, 303);
  const callbackUrl = locationOf(resumed);
  if (!callbackUrl.startsWith(`${browser.baseUrl}/api/login/callback/`)) {
    throw new Error(`the provider did not return to the callback: ${callbackUrl}`);
  }
  const back = await browser.request(callbackUrl);
  expectStatus(back, 302);
  return { location: locationOf(back), page };
}

function expectStatus(response: Response, status: number) {
  if (response.status !== status) {
    throw new Error(
      `${response.url}: expected ${status}, got ${response.status} ${response.headers.get('location') ?? ''}`,
    );
  }
}

/** The one-time code of a /login/token#code=… location. */
export function codeOf(location: string): string {
  const match = /^\/login\/token(\?[^#]*)?#code=([^&]+)$/.exec(location);
  if (!match?.[2]) throw new Error(`not a login token location: ${location}`);
  return decodeURIComponent(match[2]);
}
