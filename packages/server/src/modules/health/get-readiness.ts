import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RegistryPort } from '../registry';
import type { Readiness } from './readiness';

const readinessSchema = z.object({
  status: z.enum(['starting', 'ready', 'draining', 'unavailable']),
  checks: z.record(z.string(), z.enum(['ok', 'error'])),
  // Reported, not a check: a registry outage closes the prefill, not the service.
  registry: z
    .object({
      adapter: z.enum(['gateway', 'simulator', 'none']),
      circuit: z.enum(['closed', 'open', 'half_open', 'off']),
      last_latency_ms: z.number().nullable(),
    })
    .optional(),
});

/**
 * GET /readyz — whether a load balancer should send this process traffic: 200 once it is
 * started and its dependencies answer, 503 while starting, draining (after SIGTERM) or when the
 * database or Redis does not answer. /healthz stays the liveness answer: a draining process is
 * alive, and restarting it for a database outage would not help.
 */
export async function getReadinessRoute(
  app: FastifyInstance,
  readiness: Readiness,
  registry?: Pick<RegistryPort, 'status'>,
): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        response: { 200: readinessSchema, 503: readinessSchema },
      },
      config: { rateLimit: false },
      logLevel: 'warn',
    },
    async (request, reply) => {
      if (readiness.state !== 'ready') {
        return reply.status(503).send({ status: readiness.state, checks: {} });
      }
      const results = await Promise.all(
        readiness.checks().map(async ({ name, check }) => {
          const ok = await Promise.resolve()
            .then(check)
            .catch((error: unknown) => {
              request.log.warn({ err: error, check: name }, 'readiness check failed');
              return false;
            });
          return [name, ok ? 'ok' : 'error'] as const;
        }),
      );
      const checks = Object.fromEntries(results);
      const ready = results.every(([, result]) => result === 'ok');
      const status = registry?.status();
      return reply.status(ready ? 200 : 503).send({
        status: ready ? 'ready' : 'unavailable',
        checks,
        ...(status && {
          registry: {
            adapter: status.adapter,
            circuit: status.circuit,
            last_latency_ms: status.lastLatencyMs,
          },
        }),
      });
    },
  );
}
