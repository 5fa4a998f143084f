import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { now } from '../../clock';
import type { Database } from '../../db/database';

const healthSchema = z.object({
  status: z.enum(['ok', 'down']),
  database: z.enum(['ok', 'error']),
  database_kind: z.enum(['pglite', 'postgres']),
  jobs: z.object({
    last_heartbeat_at: z.string().nullable(),
    age_seconds: z.number().nullable(),
  }),
});

/** Liveness and readiness: answers 503 when the database does not answer. */
export async function getHealthRoute(app: FastifyInstance, database: Database): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/healthz',
    {
      schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } },
      config: { rateLimit: false },
    },
    async (request, reply) => {
      try {
        const row = await database.db
          .selectFrom('job_heartbeats')
          .select('last_run_at')
          .where('name', '=', 'system-heartbeat')
          .executeTakeFirst();
        const last = row ? new Date(row.last_run_at) : null;
        return {
          status: 'ok' as const,
          database: 'ok' as const,
          database_kind: database.kind,
          jobs: {
            last_heartbeat_at: last?.toISOString() ?? null,
            age_seconds: last ? Math.round((now().getTime() - last.getTime()) / 1000) : null,
          },
        };
      } catch (error) {
        request.log.error({ err: error }, 'health check failed');
        return reply.status(503).send({
          status: 'down' as const,
          database: 'error' as const,
          database_kind: database.kind,
          jobs: { last_heartbeat_at: null, age_seconds: null },
        });
      }
    },
  );
}
