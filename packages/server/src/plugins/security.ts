import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';

/** Only features every current browser knows: an unknown one is reported as a console error. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Security headers with a strict CSP, and a per-client request budget (shared via Redis when set).
 * Answers the Redis client (null without REDIS_URL), for the readiness check.
 */
export async function registerSecurity(
  app: FastifyInstance,
  config: Config,
): Promise<{ redis: Redis | null }> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval': the self-hosted QR decoder (zxing-wasm) compiles WebAssembly; no eval.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });
  // Browser features the service never uses are refused to every page and anything it embeds;
  // the camera stays for the QR scanner of the validation pages (issue #31).
  headers.push(['Permissions-Policy', PERMISSIONS_POLICY]);
  // The same headers on every response, as @fastify/helmet would set them (on the raw response,
  // before the handler), without rebuilding helmet's middleware for each request.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });

  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        lazyConnect: false,
      })
    : undefined;
  if (redis) app.addHook('onClose', async () => void redis.disconnect());

  await app.register(rateLimit, {
    global: true,
    max: config.RATE_LIMIT_MAX,
    timeWindow: config.RATE_LIMIT_WINDOW_MS,
    redis,
    // Several deployments (or test runs) may share one Redis: each keeps to its own keys.
    nameSpace: `${config.REDIS_KEY_PREFIX}-rl:`,
    // Static assets of the SPA are not metered; the API and pages are.
    allowList: (request) => request.url.startsWith('/assets/'),
    errorResponseBuilder: (_request, context) => {
      const error = new AppError(429, 'rate_limited', { retry_after_ms: context.ttl });
      return error;
    },
  });
  return { redis: redis ?? null };
}

/**
 * The headers @fastify/helmet sets with these options, read once from a probe app: with nonces
 * off they do not depend on the request, and @fastify/helmet builds its middleware anew for
 * every request (a tenth of a validation look-up's time).
 */
async function helmetHeaders(
  options: Parameters<typeof helmet>[1],
): Promise<Array<[string, string | string[]]>> {
  const probe = async (withHelmet: boolean) => {
    const app = Fastify({ logger: false });
    if (withHelmet) await app.register(helmet, options);
    app.get('/', async () => 'ok');
    const response = await app.inject({ method: 'GET', url: '/' });
    await app.close();
    return response.headers;
  };
  const plain = await probe(false);
  const secured = await probe(true);
  return Object.entries(secured).flatMap(([name, value]) =>
    name in plain || value === undefined
      ? []
      : [[name, typeof value === 'number' ? String(value) : value] as [string, string | string[]]],
  );
}
