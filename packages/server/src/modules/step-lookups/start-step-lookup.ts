import {
  apiErrorSchema,
  registryLookupMachine,
  stepLookupAnswerSchema,
  type StepLookupAnswer,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now } from '../../clock';
import type { RegistryLookupPlan } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireUser } from '../auth';
import {
  citizenIssuer,
  declarationNotFound,
  documentParamsSchema,
  findAsIssuer,
  notAllowedOnState,
  stepOf,
} from '../documents';
import type { StepLookupServices } from './step-lookup-services';
import { toLookupAnswer } from './to-lookup-answer';

/** A pending look-up older than this lost its job: a new start runs it again. */
export const LOOKUP_STALE_MS = 2 * 60_000;

/**
 * The look-ups of the document's current step: the latest run (pending, or done unless
 * `refresh`), else a new run queued for the `registry-lookup` job. The key of each look-up is
 * the value of its `key_field`, or the owner's tax number.
 */
export async function startStepLookup(
  services: StepLookupServices,
  input: { documentId: string; userId: string; refresh: boolean },
): Promise<{ answer: StepLookupAnswer; started: boolean }> {
  const { db } = services.database;
  const stored = await findAsIssuer(db, citizenIssuer(input.userId), input.documentId);
  if (!stored) throw declarationNotFound();
  if (stored.state !== 'editing') throw notAllowedOnState();
  const template = await services.catalog.definition(
    stored.template_refname,
    stored.template_version,
  );
  const lookups = stepOf(template, stored.step)?.lookups ?? [];
  if (lookups.length === 0) throw new AppError(404, 'lookup_not_found');

  const latest = await db
    .selectFrom('registry_lookups')
    .selectAll()
    .where('document_id', '=', stored.id)
    .where('step', '=', stored.step)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const isFresh =
    latest &&
    ((latest.status === 'pending' &&
      now().getTime() - new Date(latest.created_at).getTime() < LOOKUP_STALE_MS) ||
      (latest.status === 'done' && !input.refresh));
  if (latest && isFresh) return { answer: toLookupAnswer(latest), started: false };

  const owner = await db
    .selectFrom('users')
    .select('afm')
    .where('id', '=', stored.owner_id)
    .executeTakeFirst();
  const plan: RegistryLookupPlan[] = [];
  for (const lookup of lookups) {
    const key = lookup.key_field ? stored.values[lookup.key_field] : owner?.afm;
    if (typeof key !== 'string' || key.trim() === '') {
      throw new AppError(400, 'invalid_fields', {
        fields: [
          {
            invalid_field: lookup.key_field ?? 'afm',
            error_info: { code: 'required' },
          },
        ],
      });
    }
    plan.push({ registry: lookup.registry, key: key.trim(), fields: lookup.fields });
  }
  const row = await db
    .insertInto('registry_lookups')
    .values({
      document_id: stored.id,
      step: stored.step,
      plan: JSON.stringify(plan),
      results: '[]',
      status: registryLookupMachine.initial,
      created_at: now(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await services.jobs()?.send('registry-lookup', { lookup_id: row.id });
  return { answer: toLookupAnswer(row), started: true };
}

/**
 * POST /api/my-declarations/{id}/lookups — starts (or finds) the registry look-ups of the
 * draft's current step: 202 pending with its poll_id, or 200 notpending when done already.
 */
export async function startStepLookupRoute(app: FastifyInstance, services: StepLookupServices) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/my-declarations/:id/lookups',
    {
      schema: {
        tags: ['documents'],
        summary: "Start the registry look-ups of a draft's step",
        security: [{ bearer: [] }],
        params: documentParamsSchema,
        body: z
          .object({ refresh: z.boolean().default(false) })
          .strict()
          .default({ refresh: false }),
        response: {
          200: z.object({ data: stepLookupAnswerSchema }),
          202: z.object({ data: stepLookupAnswerSchema }),
          400: apiErrorSchema,
          404: apiErrorSchema,
          409: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { answer } = await startStepLookup(services, {
        documentId: request.params.id,
        userId: user.id,
        refresh: request.body.refresh,
      });
      return reply.status(answer.status === 'pending' ? 202 : 200).send({ data: answer });
    },
  );
}
