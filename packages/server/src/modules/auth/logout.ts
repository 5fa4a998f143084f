import type { FastifyInstance } from 'fastify';
import type { AuthServices } from './auth-services';
import { bearerToken } from './authenticate';

/**
 * POST /api/logout — revokes the session of the bearer token at once. Always 204: logging out
 * twice, or with a token already expired, leaves the user logged out all the same.
 */
export async function logoutRoute(app: FastifyInstance, services: AuthServices) {
  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Log out: revoke the session (204)' } },
    async (request, reply) => {
      const token = bearerToken(request);
      if (token) await services.sessions.revoke(token);
      return reply.header('Cache-Control', 'no-store').status(204).send();
    },
  );
}
