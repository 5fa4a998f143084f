import type { FastifyRequest } from 'fastify';

/**
 * For routes that create something for an anonymous user: throws 400 captcha_required when no
 * solution was sent, 400 captcha_invalid when it is wrong, expired or replayed.
 */
export async function verifyCaptcha(request: FastifyRequest, solution: unknown): Promise<void> {
  await request.server.auth.captcha.verify(solution);
}
