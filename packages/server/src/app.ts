import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import type { JobQueue } from './jobs/queue';
import { getAppConfigRoute } from './modules/config/get-app-config';
import { getHealthRoute } from './modules/health/get-health';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    config: Config;
    database: Database;
    jobs: JobQueue | null;
  }
}

export type AppDependencies = {
  config: Config;
  database: Database;
  jobs?: JobQueue | null;
  logger?: FastifyServerOptions['logger'];
};

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the Fastify app: external plugins, then app services, then routes. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: false },
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('jobs', deps.jobs ?? null);

  // Tier 1: external plugins.
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Dilosi API',
        description: 'Declarations and documents service',
        version: '0.1.0',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await registerSecurity(app, config);
  registerMetrics(app);
  const spaFallback = await registerWeb(app, config.WEB_DIST_DIR ?? defaultWebDist);
  registerErrorHandling(app, { spaFallback });

  // Tier 3: routes.
  await getHealthRoute(app, database);
  await app.register(
    async (api) => {
      await getAppConfigRoute(api, config);
      api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  return app;
}
