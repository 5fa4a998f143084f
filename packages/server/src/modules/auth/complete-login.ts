import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as oidc from 'openid-client';
import { z } from 'zod';
import { now } from '../../clock';
import type { LoginAttemptsTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { AuthServices } from './auth-services';
import { readIdentity } from './identity-claims';
import { LoginError } from './login-errors';
import { clearLoginBinding, isBoundTo } from './login-binding';
import { loginErrorLocation, loginTokenLocation, type LoginContext } from './login-redirects';
import { isLoginProvider, PROVIDER_CLAIMS, type LoginProvider } from './providers';
import { checkRegistry } from './registry';
import { callbackQuerySchema } from './schemas';
import { randomToken, sha256Hex } from './secure-random';
import { upsertAnonymousUser, upsertPersonUser } from './users';

// The one-time code of /login/token#code=…: spec section 4, 60 seconds, single use.
export const LOGIN_CODE_TTL_MS = 60_000;

type Attempt = Selectable<LoginAttemptsTable>;

/** Maps what openid-client threw to a login error code. */
function loginErrorOf(error: unknown): LoginError {
  if (error instanceof LoginError) return error;
  if (error instanceof oidc.AuthorizationResponseError) {
    return new LoginError(
      error.error === 'access_denied' ? 'access_denied' : 'confirmation_error',
      {
        cause: error,
      },
    );
  }
  if (error instanceof oidc.ResponseBodyError && error.status >= 500) {
    return new LoginError('connection_error', { cause: error });
  }
  const name = (error as Error | undefined)?.name;
  if (
    (error instanceof TypeError && /fetch/i.test(error.message)) ||
    name === 'TimeoutError' ||
    name === 'AbortError' ||
    // The tax registry could not answer (circuit open, time-out) or refused the request.
    error instanceof AppError
  ) {
    return new LoginError('connection_error', { cause: error });
  }
  return new LoginError('confirmation_error', { cause: error });
}

/**
 * The provider's answer: checks state, exchanges the code with PKCE and checks the ID token and
 * nonce, reads the claims, checks the person against the registry, then hands the browser a
 * one-time code at /login/token. Any refusal lands on /login?error_code=….
 */
async function completeLogin(
  services: AuthServices,
  request: FastifyRequest,
  reply: FastifyReply,
  providerName: string,
  query: z.infer<typeof callbackQuerySchema>,
): Promise<FastifyReply> {
  const { database, relyingParty, throttle } = services;
  const secure = services.config.publicUrl.startsWith('https:');
  let context: LoginContext = {
    next: null,
    template: null,
    isAdmin: providerName === 'gsis_admin',
    mobileWarn: null,
  };
  void reply.header('Cache-Control', 'no-store');
  try {
    if (!isLoginProvider(providerName) || !relyingParty.settings[providerName]) {
      throw new LoginError('forbidden_action');
    }
    const provider: LoginProvider = providerName;
    // A valid state is honoured whatever its address's count; failures are counted and, past
    // the limit, answered login_throttled.
    const attempt = query.state ? await consumeAttempt(services, query.state) : undefined;
    if (!attempt || attempt.provider !== provider) {
      const counted = await throttle.recordFailure('callback', request.ip);
      throw new LoginError(counted.blocked ? 'login_throttled' : 'confirmation_error');
    }
    context = {
      next: attempt.next,
      template: attempt.template,
      isAdmin: attempt.is_admin,
      mobileWarn: attempt.mobile_warn,
    };
    // The provider's answer counts only in the browser that started this login.
    if (!isBoundTo(request, attempt.binding_hash)) {
      clearLoginBinding(reply, secure);
      throw new LoginError('forbidden_action');
    }
    if (new Date(attempt.expires_at) <= now()) throw new LoginError('confirmation_error');
    if (query.error) {
      throw new LoginError(
        query.error === 'access_denied' ? 'access_denied' : 'confirmation_error',
      );
    }

    let configuration: oidc.Configuration;
    try {
      configuration = await relyingParty.configuration(provider);
    } catch (cause) {
      throw new LoginError('connection_error', { cause });
    }
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(
        configuration,
        new URL(request.url, services.config.publicUrl),
        {
          pkceCodeVerifier: attempt.code_verifier,
          expectedState: attempt.state,
          expectedNonce: attempt.nonce,
          idTokenExpected: true,
        },
      );
      const idToken = tokens.claims();
      if (!idToken) throw new LoginError('confirmation_error');
      claims = { ...idToken };
      if (configuration.serverMetadata().userinfo_endpoint) {
        const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
        claims = { ...claims, ...userinfo };
      }
    } catch (error) {
      throw loginErrorOf(error);
    }

    const identity = readIdentity(provider, claims);
    let userId: string;
    let sessionClaims = PROVIDER_CLAIMS[provider];
    let isAdmin = false;
    if (identity.kind === 'anonymous') {
      userId = (await upsertAnonymousUser(database, identity.subject)).id;
    } else {
      await checkRegistry(database, identity);
      const known = await database.db
        .selectFrom('users')
        .select('is_admin')
        .where('afm', '=', identity.afm)
        .executeTakeFirst();
      if (provider === 'gsis_admin') {
        isAdmin = identity.isAdminClaim || known?.is_admin === true;
        if (!isAdmin) throw new LoginError('user_not_admin');
      }
      // A first login: what was addressed to or shared with this AFM before now arrives, through
      // an event that commits with the new user (handled after commit, by messages).
      const user = await services.events.transaction(database.db, async (trx, raise) => {
        const upserted = await upsertPersonUser(
          database,
          { ...identity, grantAdmin: isAdmin },
          trx,
        );
        if (!known && upserted.afm) {
          await raise('first_login', { userId: upserted.id, afm: upserted.afm });
        }
        return upserted;
      });
      userId = user.id;
      if (identity.certifiedMobile) sessionClaims = [...sessionClaims, 'mobile_certified_login'];
    }

    const code = randomToken(32);
    const at = now();
    await database.db
      .insertInto('login_codes')
      .values({
        code_hash: sha256Hex(code),
        user_id: userId,
        provider,
        claims: JSON.stringify(sessionClaims),
        is_admin: isAdmin,
        // An anonymous session reaches only the template its login was started for.
        template: identity.kind === 'anonymous' ? attempt.template : null,
        binding_hash: attempt.binding_hash,
        verifier_challenge: attempt.verifier_challenge,
        created_at: at,
        expires_at: new Date(at.getTime() + LOGIN_CODE_TTL_MS),
      })
      .execute();
    return reply.redirect(loginTokenLocation(code, context.next), 302);
  } catch (error) {
    const loginError = loginErrorOf(error);
    if (loginError.code === 'confirmation_error' || loginError.code === 'connection_error') {
      request.log.warn({ err: loginError.cause, code: loginError.code }, 'login failed');
    } else {
      request.log.info({ code: loginError.code }, 'login refused');
    }
    return reply.redirect(loginErrorLocation(loginError.code, context), 302);
  }
}

/** Marks the attempt used and returns it; a state is good for one answer only. */
async function consumeAttempt(services: AuthServices, state: string): Promise<Attempt | undefined> {
  return services.database.db
    .updateTable('login_attempts')
    .set({ used_at: now() })
    .where('state', '=', state)
    .where('used_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** GET /api/login/callback/:provider — the redirect_uri registered at each provider. */
export async function completeLoginRoute(app: FastifyInstance, services: AuthServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/login/callback/:provider',
    {
      schema: {
        tags: ['auth'],
        summary: 'Provider callback: 302 to /login/token#code=… or /login?error_code=…',
        params: z.object({ provider: z.string().max(32) }),
        querystring: callbackQuerySchema,
      },
    },
    async (request, reply) =>
      completeLogin(services, request, reply, request.params.provider, request.query),
  );
}
