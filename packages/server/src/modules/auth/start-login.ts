import { loginEndpointProvider } from '@dilosi/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { now } from '../../clock';
import { requestLocale } from '../../lib/i18n';
import type { AuthServices } from './auth-services';
import { LoginError } from './login-errors';
import { bindLogin, isVerifierChallenge } from './login-binding';
import { loginErrorLocation, type LoginContext } from './login-redirects';
import { isLoginProvider, type LoginProvider } from './providers';
import { purgeExpiredAuthData } from './purge-expired';
import { safeNext } from './safe-next';
import { loginQuerySchema, type LoginQuery } from './schemas';

// How long a user may stay at the provider before the answer is refused.
const ATTEMPT_TTL_MS = 15 * 60_000;
const TEMPLATE_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const truthy = (value: string | undefined) =>
  value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.toLowerCase());

/**
 * Sends the browser to the provider's authorization endpoint with state, nonce and PKCE (S256),
 * after storing them for the callback. A template's own login endpoint calls this too.
 */
export async function startLogin(
  services: AuthServices,
  request: FastifyRequest,
  reply: FastifyReply,
  requested: LoginProvider | string | undefined,
  query: LoginQuery,
  /** The login endpoint a template names (its `login_endpoint`), by refname. */
  templateLoginEndpoint: (refname: string) => string | undefined = () => undefined,
): Promise<FastifyReply> {
  const isAdmin = requested === 'gsis_admin' || truthy(query.admin);
  const template = query.template && TEMPLATE_NAME.test(query.template) ? query.template : null;
  // A template with a login of its own takes the citizen there (issue #37); asked for another
  // provider, the start is refused rather than giving a login the template does not accept.
  const templateProvider = template ? loginEndpointProvider(templateLoginEndpoint(template)) : null;
  const provider = isAdmin ? 'gsis_admin' : (requested ?? templateProvider ?? 'gsis');
  const context: LoginContext = {
    next: safeNext(query.next),
    template,
    isAdmin,
    mobileWarn:
      query.mobileWarn && /^[\w-]{1,32}$/.test(query.mobileWarn) ? query.mobileWarn : null,
  };
  void reply.header('Cache-Control', 'no-store');
  try {
    if (!isLoginProvider(provider) || !services.relyingParty.settings[provider]) {
      throw new LoginError('forbidden_action');
    }
    if (templateProvider && provider !== templateProvider) {
      throw new LoginError('forbidden_action');
    }
    const verifierChallenge = query.verifier_challenge ?? null;
    if (verifierChallenge !== null && !isVerifierChallenge(verifierChallenge)) {
      throw new LoginError('forbidden_action');
    }
    if (Math.random() < 0.02) await purgeExpiredAuthData(services);

    let configuration: oidc.Configuration;
    try {
      configuration = await services.relyingParty.configuration(provider);
    } catch (cause) {
      request.log.warn({ err: cause, provider }, 'login provider unreachable');
      throw new LoginError('connection_error', { cause });
    }
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const at = now();
    await services.database.db
      .insertInto('login_attempts')
      .values({
        state,
        nonce,
        code_verifier: codeVerifier,
        provider,
        next: context.next,
        template: context.template,
        is_admin: isAdmin,
        mobile_warn: context.mobileWarn,
        ip: request.ip,
        binding_hash: bindLogin(reply, services.config.publicUrl.startsWith('https:')),
        verifier_challenge: verifierChallenge,
        created_at: at,
        expires_at: new Date(at.getTime() + ATTEMPT_TTL_MS),
      })
      .execute();
    const settings = services.relyingParty.settings[provider];
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: services.relyingParty.redirectUri(provider),
      scope: settings?.scopes ?? 'openid',
      state,
      nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ui_locales: requestLocale(request),
    });
    return reply.redirect(url.href, 302);
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    request.log.info({ code: error.code, provider }, 'login refused');
    return reply.redirect(loginErrorLocation(error.code, context), 302);
  }
}

/**
 * GET /api/login, /api/gsis_login, /api/gsis_admin_login, /api/anon_login/ (spec section 7), and
 * /api/bank_login, the web-banking login a template may name as its own (LOGIN_ENDPOINTS).
 */
export async function startLoginRoutes(app: FastifyInstance, services: AuthServices) {
  const templateLoginEndpoint = (refname: string) =>
    app.hasDecorator('templates') ? app.templates.find(refname)?.login_endpoint : undefined;
  const routes: { url: string; provider: LoginProvider | null; summary: string }[] = [
    { url: '/login', provider: null, summary: 'Log in: redirect to the provider' },
    { url: '/gsis_login', provider: 'gsis', summary: 'Log in with tax-authority credentials' },
    { url: '/bank_login', provider: 'bank', summary: 'Log in with web-banking credentials' },
    { url: '/gsis_admin_login', provider: 'gsis_admin', summary: 'Admin login (dashboard)' },
    { url: '/anon_login/', provider: 'anon', summary: 'Anonymous login' },
    { url: '/anon_login', provider: 'anon', summary: 'Anonymous login' },
  ];
  for (const route of routes) {
    app.withTypeProvider<ZodTypeProvider>().get(
      route.url,
      {
        schema: {
          tags: ['auth'],
          summary: route.summary,
          description:
            'Answers 302 to the provider; on a refusal, 302 to /login?error_code=… keeping next.',
          querystring: loginQuerySchema,
          hide: route.url === '/anon_login',
        },
      },
      async (request, reply) =>
        startLogin(
          services,
          request,
          reply,
          route.provider ?? request.query.provider,
          request.query,
          templateLoginEndpoint,
        ),
    );
  }
}
