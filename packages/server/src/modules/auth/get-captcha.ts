import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthServices } from './auth-services';
import { captchaChallengeSchema } from './schemas';

/**
 * GET /api/captcha — a proof-of-work challenge: find a nonce such that
 * sha256(salt + nonce) starts with `difficulty` zero bits, then send
 * `{ challenge, nonce }` with the request that needs it (see verifyCaptcha).
 */
export async function getCaptchaRoute(app: FastifyInstance, services: AuthServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/captcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'A proof-of-work captcha challenge',
        response: { 200: captchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return services.captcha.issue();
    },
  );
}

/**
 * For routes that create something for an anonymous user: throws 400 captcha_required when no
 * solution was sent, 400 captcha_invalid when it is wrong, expired or replayed.
 */
export async function verifyCaptcha(request: FastifyRequest, solution: unknown): Promise<void> {
  await request.server.auth.captcha.verify(solution);
}
