import { apiErrorSchema, validationContextResponseSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { findValidationContext } from './validation-contexts';

/** GET /api/validation/contexts/{id} — a validation page's languages and texts; unknown: 404. */
export async function getValidationContextRoute(app: FastifyInstance, rateLimit: object) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/validation/contexts/:id',
    {
      config: { rateLimit },
      schema: {
        tags: ['validation'],
        summary: 'A validation context',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: validationContextResponseSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const info = findValidationContext(request.params.id);
      if (!info) throw new AppError(404, 'validation_context_not_found');
      void reply.header('Cache-Control', 'public, max-age=300');
      return { data: { info } };
    },
  );
}
