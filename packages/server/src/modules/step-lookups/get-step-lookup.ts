import { apiErrorSchema, stepLookupAnswerSchema, type StepLookupAnswer } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../auth';
import {
  citizenIssuer,
  declarationNotFound,
  documentParamsSchema,
  findAsIssuer,
} from '../documents';
import type { StepLookupServices } from './step-lookup-services';
import { toLookupAnswer } from './to-lookup-answer';

/** One look-up of the citizen's own draft, as its poll answers it. */
export async function getStepLookup(
  services: StepLookupServices,
  input: { documentId: string; pollId: string; userId: string },
): Promise<StepLookupAnswer> {
  const { db } = services.database;
  const stored = await findAsIssuer(db, citizenIssuer(input.userId), input.documentId);
  if (!stored) throw declarationNotFound();
  const row = await db
    .selectFrom('registry_lookups')
    .selectAll()
    .where('id', '=', input.pollId)
    .where('document_id', '=', stored.id)
    .executeTakeFirst();
  if (!row) throw new AppError(404, 'lookup_not_found');
  return toLookupAnswer(row);
}

/**
 * GET /api/my-declarations/{id}/lookups/{poll_id} — the step's poll endpoint (spec section 7):
 * `pending` until the look-ups are done, then `notpending`; a failed look-up is a 400 with its
 * code (`*_not_found`, `*_try_later` with `data.retry`, `interop_clienterror`).
 */
export async function getStepLookupRoute(app: FastifyInstance, services: StepLookupServices) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/my-declarations/:id/lookups/:poll_id',
    {
      schema: {
        tags: ['documents'],
        summary: "Poll a draft step's registry look-ups",
        security: [{ bearer: [] }],
        params: documentParamsSchema.extend({ poll_id: z.uuid() }),
        response: {
          200: z.object({ data: stepLookupAnswerSchema }),
          400: apiErrorSchema,
          404: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const answer = await getStepLookup(services, {
        documentId: request.params.id,
        pollId: request.params.poll_id,
        userId: user.id,
      });
      return { data: answer };
    },
  );
}
