import type { FastifyInstance } from 'fastify';
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
