import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthServices } from './auth-services';
import { captchaChallengeSchema } from './schemas';

/**
 * GET /api/captcha — an ALTCHA challenge (the `altcha` web component's challengeurl); the
 * widget's base64 payload goes with the request that needs it (see verifyCaptcha).
 */
export async function getCaptchaRoute(app: FastifyInstance, services: AuthServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/captcha',
    {
      schema: {
        tags: ['auth'],
        summary: 'An ALTCHA captcha challenge',
        response: { 200: captchaChallengeSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return services.captcha.issue();
    },
  );
}
