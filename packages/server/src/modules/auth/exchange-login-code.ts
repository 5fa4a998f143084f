import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { AuthServices } from './auth-services';
import { clearLoginBinding, isBoundTo, verifierMatches } from './login-binding';
import type { LoginProvider } from './providers';
import { tokenQuerySchema, tokenResponseSchema } from './schemas';
import { sha256Hex } from './secure-random';
import { toApiUser } from './users';

// Spec section 4: a code of 10 characters or fewer is refused before any look-up.
const MIN_CODE_LENGTH = 11;

/**
 * GET /api/token?code=…&verifier=… — the one-time code of /login/token#code=… for a session
 * token. Missing: 400 no_code; ≤ 10 characters: 400 invalid_code_len; unknown, used or expired,
 * from another browser, or without the verifier its login start was given: 400 invalid_code. Failures count towards login throttling (429 login_throttled once past the
 * limit); a valid code is honoured whatever the count.
 */
export async function exchangeLoginCodeRoute(app: FastifyInstance, services: AuthServices) {
  const { database, sessions, throttle } = services;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/token',
    {
      schema: {
        tags: ['auth'],
        summary: 'Exchange the one-time login code for a session token',
        querystring: tokenQuerySchema,
        response: {
          200: tokenResponseSchema,
          400: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const code = request.query.code?.trim() ?? '';
      // A valid code always gets its session, so failures from one address never lock out the
      // others behind it; failures are counted, and past the limit answered 429.
      const refuse = async (errorCode: 'no_code' | 'invalid_code_len' | 'invalid_code') => {
        const counted = await throttle.recordFailure('code', request.ip);
        if (!counted.blocked) return new AppError(400, errorCode);
        void reply.header('Retry-After', String(counted.retryAfterSeconds));
        return new AppError(429, 'login_throttled', {
          retry_after_seconds: counted.retryAfterSeconds,
        });
      };
      if (code === '') throw await refuse('no_code');
      if (code.length < MIN_CODE_LENGTH) throw await refuse('invalid_code_len');

      const at = now();
      const found = await database.db
        .selectFrom('login_codes')
        .select(['binding_hash', 'verifier_challenge'])
        .where('code_hash', '=', sha256Hex(code))
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      // Only the browser, and the page, that started the login may use its code (login CSRF); a
      // code moved elsewhere is refused like an unknown one, and stays usable where it belongs.
      if (
        !found ||
        !isBoundTo(request, found.binding_hash) ||
        (found.verifier_challenge !== null &&
          !verifierMatches(request.query.verifier, found.verifier_challenge))
      ) {
        throw await refuse('invalid_code');
      }
      const login = await database.db
        .updateTable('login_codes')
        .set({ used_at: at })
        .where('code_hash', '=', sha256Hex(code))
        .where('used_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!login) throw await refuse('invalid_code');
      clearLoginBinding(reply, services.config.publicUrl.startsWith('https:'));

      const { token, expiresAt } = await sessions.create({
        userId: login.user_id,
        provider: login.provider as LoginProvider,
        claims: login.claims,
        isAdmin: login.is_admin,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        template: login.template,
      });
      const current = await sessions.find(token);
      if (!current) throw new Error('a session just made was not found');
      return { token, expires_at: expiresAt.toISOString(), user: toApiUser(current) };
    },
  );
}
