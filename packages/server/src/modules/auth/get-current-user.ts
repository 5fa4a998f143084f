import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser } from './authenticate';
import { userSchema } from './schemas';
import { toApiUser } from './users';

/** GET /api/users/me — the logged-in User (spec section 3). In the authenticated route tree. */
export async function getCurrentUserRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/users/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The logged-in user',
        security: [{ bearer: [] }],
        response: { 200: userSchema },
      },
    },
    async (request) => toApiUser(requireUser(request)),
  );
}
