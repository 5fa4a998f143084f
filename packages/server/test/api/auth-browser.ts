import crypto from 'node:crypto';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import type { Database } from '../../src/db/database';
import { migrate } from '../../src/db/migrate';
import { seedDemoData } from '../../src/seed/seed-demo-data';
import { createTestDatabase, testConfig } from '../helpers';

export type ListeningApp = {
  app: FastifyInstance;
  database: Database;
  baseUrl: string;
  close(): Promise<void>;
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The real app listening on 127.0.0.1, with PUBLIC_URL at that address, on a clean database. */
export async function startListeningApp(
  env: Record<string, string> = {},
  beforeListen?: (app: FastifyInstance) => Promise<void>,
): Promise<ListeningApp> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const database = await createTestDatabase();
  await migrate(database);
  await seedDemoData(database);
  const app = await buildApp({
    config: testConfig({ PUBLIC_URL: baseUrl, RATE_LIMIT_MAX: '100000', ...env }),
    database,
    logger: false,
  });
  await beforeListen?.(app);
  await app.listen({ host: '127.0.0.1', port });
  return {
    app,
    database,
    baseUrl,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

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
