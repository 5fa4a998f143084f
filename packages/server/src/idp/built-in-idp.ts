import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { Configuration, KoaContextWithOIDC, Provider } from 'oidc-provider';
import type { CustomFetch } from 'openid-client';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { LOGIN_PROVIDERS, type BuiltInProvider, type LoginProvider } from '../modules/auth';
import {
  accountFinder,
  clientIdOf,
  newAnonymousAccountId,
  providerOfClient,
  storeTypedIdentity,
} from './accounts';
import { DatabaseAdapter } from './adapter';
import { renderInteractionPage, renderMessagePage } from './interaction-page';
import { loadIdpKeys } from './keys';

export const IDP_PREFIX = '/idp';
const ROUTES = {
  authorization: '/auth',
  token: '/token',
  jwks: '/jwks',
  userinfo: '/me',
} as const;
const SCOPES = ['openid', 'profile', 'email', 'phone', 'afm', 'admin'];
const css = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'idp.css'));

export type BuiltInIdp = BuiltInProvider & {
  /** Mounts the provider and its login page under /idp. */
  register(app: FastifyInstance): Promise<void>;
};

/**
 * The built-in development identity provider (oidc-provider), in this process under /idp: one
 * static client per login provider, storage and keys in the database, a server-rendered
 * demo-user picker instead of a password, and no consent screen.
 */
export async function createBuiltInIdp(config: Config, database: Database): Promise<BuiltInIdp> {
  // Loaded only when the built-in provider is on: a deployment with real providers never runs it.
  const { default: OidcProvider, interactionPolicy, errors } = await import('oidc-provider');
  const keys = await loadIdpKeys(database);
  const issuer = `${config.publicUrl}${IDP_PREFIX}`;

  const policy = interactionPolicy.base();
  // The picker is shown at every login, so a tester can switch persons; the provider's own
  // session never logs anyone in silently.
  policy
    .get('login')
    ?.checks.add(
      new interactionPolicy.Check(
        'always_pick',
        'the development provider asks whom to log in as every time',
        (ctx: KoaContextWithOIDC) => !ctx.oidc.result?.login,
      ),
    );

  const configuration: Configuration = {
    adapter: (model: string) => new DatabaseAdapter(model, database),
    clients: LOGIN_PROVIDERS.map((provider) => ({
      client_id: clientIdOf(provider),
      client_secret: keys.clientSecret,
      client_name: `Dilosi (${provider})`,
      redirect_uris: [`${config.publicUrl}/api/login/callback/${provider}`],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      scope: SCOPES.join(' '),
    })),
    jwks: keys.jwks,
    cookies: {
      keys: keys.cookieKeys,
      long: { signed: true, httpOnly: true, sameSite: 'lax' },
      short: { signed: true, httpOnly: true, sameSite: 'lax' },
    },
    claims: {
      openid: ['sub'],
      profile: ['given_name', 'family_name', 'preferred_username'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      afm: ['afm', 'legal_entity'],
      admin: ['is_admin'],
    },
    scopes: SCOPES,
    responseTypes: ['code'],
    routes: { ...ROUTES, end_session: '/session/end' },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      userinfo: { enabled: true },
    },
    pkce: { required: () => true },
    interactions: {
      policy,
      url: (_ctx: KoaContextWithOIDC, interaction) =>
        `${IDP_PREFIX}/interaction/${interaction.uid}`,
    },
    findAccount: accountFinder(database),
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 60,
      IdToken: 300,
      Interaction: 900,
      Session: 900,
      Grant: 900,
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = renderMessagePage(
        { el: 'Η σύνδεση δεν ολοκληρώθηκε', en: 'The login could not be completed' },
        [out.error, out.error_description].filter(Boolean).join(': '),
      );
    },
  };
  const provider: Provider = new OidcProvider(issuer, configuration);
  provider.proxy = config.TRUST_PROXY;

  let mountedOn: FastifyInstance | null = null;
  const builtIn: BuiltInProvider = {
    issuer,
    endpoints: {
      authorization: `${issuer}${ROUTES.authorization}`,
      token: `${issuer}${ROUTES.token}`,
      jwks: `${issuer}${ROUTES.jwks}`,
      userinfo: `${issuer}${ROUTES.userinfo}`,
    },
    clients: Object.fromEntries(
      LOGIN_PROVIDERS.map((p) => [p, { clientId: clientIdOf(p), clientSecret: keys.clientSecret }]),
    ) as BuiltInProvider['clients'],
    fetch: inProcessFetch(() => mountedOn, config.publicUrl),
  };

  return {
    ...builtIn,
    register: async (app) => {
      mountedOn = app;
      provider.on('server_error', (_ctx: unknown, error: Error) => {
        app.log.error({ err: error }, 'identity provider error');
      });
      await app.register(
        async (idp) =>
          mountIdp(idp, { provider, database, SessionNotFound: errors.SessionNotFound }),
        { prefix: IDP_PREFIX },
      );
      if (config.DEVEL) app.log.info({ issuer }, 'built-in development identity provider mounted');
      else {
        app.log.warn(
          { issuer },
          'no OIDC_*_ISSUER is configured: logins go to the built-in development identity provider',
        );
      }
    },
  };
}

type MountOptions = {
  provider: Provider;
  database: Database;
  SessionNotFound: new (...args: never[]) => Error;
};

async function mountIdp(idp: FastifyInstance, options: MountOptions): Promise<void> {
  const { provider, database } = options;
  const callback = provider.callback();

  // The login page posts plain HTML forms.
  idp.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16_384 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  idp.get('/assets/idp.css', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(css),
  );

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      const uid = (request.params as { uid: string }).uid;
      if (interaction.uid !== uid) return null;
      return interaction;
    } catch (error) {
      if (error instanceof options.SessionNotFound) return null;
      throw error;
    }
  };
  const expired = (reply: FastifyReply) =>
    reply
      .status(400)
      .type('text/html; charset=utf-8')
      .send(
        renderMessagePage({
          el: 'Η σύνδεση έληξε ή δεν βρέθηκε. Ξεκινήστε ξανά από την υπηρεσία.',
          en: 'The login expired or was not found. Start again from the service.',
        }),
      );
  const persons = () =>
    database.db
      .selectFrom('persons')
      .selectAll()
      .orderBy('is_civil_servant')
      .orderBy('is_natural_person', 'desc')
      .orderBy('afm')
      .execute();
  const page = async (
    reply: FastifyReply,
    uid: string,
    provider: LoginProvider,
    extra: { error?: string; typed?: Record<string, string> } = {},
    status = 200,
  ) =>
    reply
      .status(status)
      .header('Cache-Control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderInteractionPage({ uid, provider, persons: await persons(), ...extra }));

  idp.get('/interaction/:uid', { schema: { hide: true } }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const clientProvider = providerOfClient(String(interaction.params.client_id));
    if (!clientProvider) return expired(reply);
    return page(reply, interaction.uid, clientProvider);
  });

  idp.post('/interaction/:uid/login', { schema: { hide: true } }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    const clientId = String(interaction.params.client_id);
    const clientProvider = providerOfClient(clientId);
    if (!clientProvider) return expired(reply);
    const form = (request.body ?? {}) as Record<string, string | undefined>;

    let accountId: string;
    if (clientProvider === 'anon') {
      accountId = newAnonymousAccountId();
    } else if (form.mode === 'typed') {
      const typed = {
        afm: (form.afm ?? '').trim(),
        firstname: (form.firstname ?? '').trim(),
        surname: (form.surname ?? '').trim(),
      };
      if (!/^\d{9}$/.test(typed.afm) || !typed.firstname || !typed.surname) {
        return page(
          reply,
          interaction.uid,
          clientProvider,
          {
            error:
              'Συμπληρώστε ΑΦΜ 9 ψηφίων, όνομα και επώνυμο. / Fill in a 9-digit tax number and both names.',
            typed,
          },
          400,
        );
      }
      accountId = await storeTypedIdentity(database, {
        afm: typed.afm,
        given_name: typed.firstname.slice(0, 100),
        family_name: typed.surname.slice(0, 100),
      });
    } else {
      const person = await database.db
        .selectFrom('persons')
        .select('afm')
        .where('afm', '=', String(form.afm ?? ''))
        .executeTakeFirst();
      if (!person) {
        return page(
          reply,
          interaction.uid,
          clientProvider,
          { error: 'Επιλέξτε ένα πρόσωπο από τη λίστα. / Pick a person from the list.' },
          400,
        );
      }
      accountId = person.afm;
    }

    // No consent screen: the service's own clients get what they asked for.
    const grant = new provider.Grant({ accountId, clientId });
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'));
    const grantId = await grant.save();
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { login: { accountId, remember: false }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  });

  idp.post('/interaction/:uid/abort', { schema: { hide: true } }, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction) return expired(reply);
    reply.hijack();
    await provider.interactionFinished(
      request.raw,
      reply.raw,
      { error: 'access_denied', error_description: 'End-User cancelled the login' },
      { mergeWithLastSubmission: false },
    );
  });

  // Everything else under /idp is the provider itself. It reads its own request bodies, so the
  // request is handed over before Fastify parses anything. Like any app mounted under a path,
  // it sees the URL without the prefix and the full one as originalUrl, from which it works out
  // its mount path for the URLs it builds.
  idp.route({
    method: ['GET', 'POST', 'OPTIONS', 'DELETE', 'PUT', 'PATCH'],
    url: '/*',
    schema: { hide: true },
    onRequest: (request, reply, done) => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const original = raw.url ?? IDP_PREFIX;
      const rest = original.slice(IDP_PREFIX.length);
      raw.originalUrl = original;
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      void callback(raw, reply.raw);
      done();
    },
    handler: async () => undefined,
  });
}

/**
 * Back-channel calls of the relying party to the built-in provider (token, keys, userinfo),
 * answered by this process through Fastify's inject: no network round trip to PUBLIC_URL,
 * which a server behind a proxy may not reach.
 */
function inProcessFetch(app: () => FastifyInstance | null, publicUrl: string): CustomFetch {
  const base = new URL(publicUrl);
  return async (url, options) => {
    const target = new URL(url);
    const server = app();
    if (!server || target.host !== base.host || !target.pathname.startsWith(`${IDP_PREFIX}/`)) {
      throw new TypeError(
        `fetch to ${target.origin}${target.pathname} is not the built-in provider`,
      );
    }
    const { body } = options;
    let payload: string | Buffer | undefined;
    if (typeof body === 'string') payload = body;
    else if (body instanceof URLSearchParams) payload = body.toString();
    else if (body instanceof Uint8Array) payload = Buffer.from(body);
    else if (body instanceof ArrayBuffer) payload = Buffer.from(body);
    else if (body !== undefined && body !== null) throw new TypeError('unsupported request body');
    const response = await server.inject({
      method: options.method as HTTPMethods,
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        host: base.host,
        ...(base.protocol === 'https:' ? { 'x-forwarded-proto': 'https' } : {}),
      },
      payload,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = [101, 204, 205, 304].includes(response.statusCode);
    return new Response(empty ? null : new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers,
    });
  };
}
