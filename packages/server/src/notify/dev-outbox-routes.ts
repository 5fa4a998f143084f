import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { Notifier } from './notifier';
import { listOutboxQuerySchema, outboxPageSchema } from './outbox-schemas';

/**
 * GET /dev/outbox (under /api): the SMS and e-mails the service wrote, newest first. Only with
 * DEVEL on; otherwise the route does not exist and answers 404 route_not_found like any other.
 */
export async function devOutboxRoutes(
  api: FastifyInstance,
  options: { config: Pick<Config, 'DEVEL'>; notifier: Pick<Notifier, 'listOutbox'> },
): Promise<void> {
  if (!options.config.DEVEL) return;
  api.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Outgoing SMS and e-mail (development only)',
        querystring: listOutboxQuerySchema,
        response: { 200: outboxPageSchema },
      },
    },
    async (request) => options.notifier.listOutbox(request.query),
  );
}
