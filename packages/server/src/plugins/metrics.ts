import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { Registry, collectDefaultMetrics, type Metric } from 'prom-client';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';
import { registerErrorHandling } from './errors';
import { RequestDurations } from './request-durations';

type MetricsConfig = Pick<Config, 'NODE_ENV' | 'METRICS_TOKEN' | 'METRICS_PORT'>;

/**
 * Where GET /metrics is served: on the public port (`public`, or `token` behind a bearer token),
 * only on its own listener (`separate`, METRICS_PORT), or nowhere (`off`: production with
 * neither a token nor a port, since process and route figures are not for the public).
 */
export function metricsExposure(config: MetricsConfig): 'public' | 'token' | 'separate' | 'off' {
  if (config.METRICS_PORT !== undefined) return 'separate';
  if (config.METRICS_TOKEN !== undefined) return 'token';
  return config.NODE_ENV === 'production' ? 'off' : 'public';
}

/**
 * Prometheus text at /metrics: process metrics and one histogram of request durations. The
 * histogram is always kept; the route is mounted on `app` only when metricsExposure() says so.
 */
export function registerMetrics(app: FastifyInstance, config: MetricsConfig): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'dilosi_' });
  const duration = new RequestDurations(
    'dilosi_http_request_duration_seconds',
    'HTTP request duration by route and status',
    [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
  );
  registry.registerMetric(duration as unknown as Metric);
  // A callback hook: no promise per request.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      String(reply.statusCode),
      reply.elapsedTime / 1000,
    );
    done();
  });

  const exposure = metricsExposure(config);
  if (exposure === 'public' || exposure === 'token') {
    metricsRoute(app, registry, config.METRICS_TOKEN);
  } else if (exposure === 'off') {
    app.log.warn(
      'GET /metrics is off: with NODE_ENV=production it needs METRICS_TOKEN (bearer) or METRICS_PORT (a listener of its own)',
    );
  }
  return registry;
}

/**
 * The listener of METRICS_HOST:METRICS_PORT: /metrics only (behind METRICS_TOKEN when set), every
 * other path 404 route_not_found. Call listen() on it.
 */
export async function buildMetricsServer(
  registry: Registry,
  config: Pick<Config, 'METRICS_TOKEN'>,
): Promise<FastifyInstance> {
  const server = Fastify({ logger: false });
  registerErrorHandling(server, { spaFallback: () => false });
  metricsRoute(server, registry, config.METRICS_TOKEN);
  await server.ready();
  return server;
}

function metricsRoute(app: FastifyInstance, registry: Registry, token: string | undefined): void {
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      config: { rateLimit: false },
      onRequest: async (request, reply) => {
        if (token === undefined) return;
        const problem = bearerProblem(request, token);
        if (problem) {
          void reply.header('WWW-Authenticate', 'Bearer realm="metrics"');
          throw new AppError(401, problem);
        }
      },
    },
    async (_request, reply) => reply.type(registry.contentType).send(await registry.metrics()),
  );
}

const digest = (value: string) => crypto.createHash('sha256').update(value).digest();

/** Compares digests (equal lengths) in constant time, so the answer time tells nothing of the token. */
function bearerProblem(
  request: FastifyRequest,
  token: string,
): 'no_authentication_token' | 'invalid_token' | null {
  const header = request.headers.authorization;
  const match = header === undefined ? null : /^Bearer[ \t]+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) return 'no_authentication_token';
  return crypto.timingSafeEqual(digest(match[1]), digest(token)) ? null : 'invalid_token';
}
