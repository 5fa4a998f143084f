import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '@dilosi/domain';
import { now } from '../../clock';
import { AppError } from '../../lib/app-error';
import type { AuthServices } from './auth-services';
import type { LoginProvider } from './providers';
import { tokenQuerySchema, tokenResponseSchema } from './schemas';
import { sha256Hex } from './secure-random';
import { toApiUser } from './users';

// Spec section 4: a code of 10 characters or fewer is refused before any look-up.
const MIN_CODE_LENGTH = 11;

/**
 * GET /api/token?code=… — the one-time code of /login/token#code=… for a session token.
 * Missing: 400 no_code; ≤ 10 characters: 400 invalid_code_len; unknown, used or expired:
 * 400 invalid_code. Failures count towards login throttling (429 login_throttled).
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
      const blocked = await throttle.check(request.ip);
      if (blocked.blocked) {
        void reply.header('Retry-After', String(blocked.retryAfterSeconds));
        throw new AppError(429, 'login_throttled', {
          retry_after_seconds: blocked.retryAfterSeconds,
        });
      }
      const code = request.query.code?.trim() ?? '';
      const refuse = async (errorCode: string) => {
        await throttle.recordFailure(request.ip);
        return new AppError(400, errorCode);
      };
      if (code === '') throw await refuse('no_code');
      if (code.length < MIN_CODE_LENGTH) throw await refuse('invalid_code_len');

      const at = now();
      const login = await database.db
        .updateTable('login_codes')
        .set({ used_at: at })
        .where('code_hash', '=', sha256Hex(code))
        .where('used_at', 'is', null)
        .where('expires_at', '>', at)
        .returningAll()
        .executeTakeFirst();
      if (!login) throw await refuse('invalid_code');

      const { token, expiresAt } = await sessions.create({
        userId: login.user_id,
        provider: login.provider as LoginProvider,
        claims: login.claims,
        isAdmin: login.is_admin,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      const current = await sessions.find(token);
      if (!current) throw new Error('a session just made was not found');
      return { token, expires_at: expiresAt.toISOString(), user: toApiUser(current) };
    },
  );
}
