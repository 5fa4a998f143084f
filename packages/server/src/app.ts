import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Registry } from 'prom-client';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/database';
import { createBuiltInIdp } from './idp/built-in-idp';
import { createAppEvents, type AppEventService } from './lib/after-commit';
import { createSerializerCompiler } from './lib/compiled-serializer';
import type { JobQueue } from './jobs/queue';
import {
  createAuthServices,
  isBuiltInProviderEnabled,
  publicAuthRoutes,
  registerAnonymousScope,
  userAuthRoutes,
  type AuthServices,
} from './modules/auth';
import { getAppConfigRoute } from './modules/config';
import { documentActionRoutes, documentRoutes, publicDocumentRoutes } from './modules/documents';
import { attachmentRoutes } from './modules/attachments';
import { createIssuanceServices, ensureDocumentPdf, issuanceRoutes } from './modules/issuance';
import { accessLogRoutes, createAccessLog, type AccessLog } from './modules/access-log';
import {
  alertEntityStaff,
  caseRoutes,
  caseToolboxRoutes,
  annotationRoutes,
  publicAnnotationRoutes,
  caseExportRoutes,
  caseZipPublicRoutes,
  forwardRoutes,
  publicCaseRoutes,
} from './modules/cases';
import { deliverWaitingDocuments, messageRoutes } from './modules/messages';
import { vaultRoutes } from './modules/vault';
import {
  createJointIssuance,
  deliverWaitingJointRequests,
  jointRoutes,
  openConsent,
  type JointIssuance,
} from './modules/joint';
import { correctionRoutes } from './modules/corrections';
import { opinionRoutes, publicOpinionRoutes } from './modules/opinions';
import { scopeActionRoutes } from './modules/scope-actions';
import { replyRoutes } from './modules/replies';
import { recipientRoutes } from './modules/recipients';
import { permissionRoutes, staffRoutes } from './modules/staff';
import { resourceRoutes } from './modules/resources';
import { validationRoutes } from './modules/validation';
import { createVaultExportServices, vaultExportRoutes } from './modules/vault-export';
import { loadCatalog, storeTemplates, TemplateCatalog, templateRoutes } from './modules/templates';
import { datasetRoutes, loadDatasets } from './modules/datasets';
import {
  createReadiness,
  getHealthRoute,
  getReadinessRoute,
  type Readiness,
} from './modules/health';
import { createRegistry, type RegistryServices } from './modules/registry';
import { stepLookupRoutes } from './modules/step-lookups';
import { registerCompression } from './plugins/compression';
import { frameworkErrorHandler, registerErrorHandling } from './plugins/errors';
import { registerInputHygiene } from './lib/input-hygiene';
import { registerMetrics } from './plugins/metrics';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { createNotifier, devOutboxRoutes, type Notifier } from './notify';
import { createPdfInspector, type PdfInspector } from './lib/pdf-inspection/pdf-inspector';
import { loadSealCredentials } from './pdf/seal-credentials';
import { createPdfRenderer } from './pdf/render-pool';
import { createSealer } from './pdf/seal';
import { DEFAULT_TEMPLATES_DIR } from './config';
import { stepUpRoutes } from './modules/step-up';
import { kepRoutes, publicKepRoutes } from './modules/kep';

declare module 'fastify' {
  // Declaration merging needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyInstance {
    config: Config;
    database: Database;
    jobs: JobQueue | null;
    auth: AuthServices;
    templates: TemplateCatalog;
    notifier: Notifier;
    /** Events raised in a change's transaction and handled after it commits. */
    events: AppEventService;
    /** The Prometheus registry; main.ts serves it on METRICS_PORT when that is set. */
    metrics: Registry;
    /** Checks uploaded PDFs in worker threads; closed with the app. */
    pdfInspector: PdfInspector;
    /** This process's buffered writer of the document access log; flushed on close. */
    accessLog: AccessLog;
    /** What GET /readyz answers: main.ts marks the process ready; closing marks it draining. */
    readiness: Readiness;
    /** The registry port (gateway, simulator or none) and the simulator when it runs. */
    registry: RegistryServices;
    /** Issues a fully signed joint declaration, for the job that retries it (issue #35). */
    jointIssuance: JointIssuance;
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
  // A broken template file stops the start with the file and the path of the problem.
  const templates = await loadCatalog(config.templatesDir, {
    allowMissing: config.templatesDir === DEFAULT_TEMPLATES_DIR,
  });
  // The catalogue's hierarchical datasets (checked with it above: a broken one stops the start).
  const { datasets } = await loadDatasets(path.join(config.templatesDir, 'datasets'));
  const app = Fastify({
    logger: deps.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1_048_576,
    routerOptions: { ignoreTrailingSlash: false },
    genReqId: () => crypto.randomUUID(),
    // An undecodable URL or an over-long path parameter answers in the API's error shape.
    frameworkErrors: frameworkErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // zod's answers, compiled per route (lib/compiled-serializer.ts); checked against zod's own in
  // the tests.
  app.setSerializerCompiler(createSerializerCompiler({ crossCheck: config.NODE_ENV === 'test' }));
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
      components: {
        // The session token of GET /api/token, sent as `Authorization: Bearer <token>`.
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  const { redis } = await registerSecurity(app, config);
  const readiness = createReadiness();
  app.decorate('readiness', readiness);
  readiness.addCheck({
    name: 'database',
    check: async () => (await database.query('select 1 as ok')).rows.length === 1,
  });
  if (redis) readiness.addCheck({ name: 'redis', check: () => redis.status === 'ready' });
  app.decorate('metrics', registerMetrics(app, config));
  // The registry: the gateway, the built-in simulator (DEVEL) or none, chosen here once.
  const registry = await createRegistry(config, database, app.metrics, app.log);
  app.decorate('registry', registry);
  app.addHook('onClose', async () => {
    await registry.port.close();
    await registry.simulator?.close();
  });
  const spaFallback = await registerWeb(app, config.WEB_DIST_DIR ?? defaultWebDist);
  registerErrorHandling(app, { spaFallback });
  // JSON depth limit; no U+0000 or lone surrogate in bodies, query strings or path parameters.
  registerInputHygiene(app);

  // Tier 2: app services.
  const idp = isBuiltInProviderEnabled(config) ? await createBuiltInIdp(config, database) : null;
  const notifier = createNotifier({ database, config, jobs: () => app.jobs, logger: app.log });
  app.decorate('notifier', notifier);
  app.addHook('onClose', async () => notifier.close());
  // Events after commit (lib/after-commit.ts): each event one module raises, handled by the
  // module it concerns, in the transaction that marks it handled.
  const events = createAppEvents({
    db: database.db,
    jobs: () => app.jobs,
    logger: app.log,
    handlers: {
      first_login: async (payload, trx) => {
        await deliverWaitingDocuments(trx, payload);
        await deliverWaitingJointRequests(trx, payload);
      },
      citizen_answered: async ({ entryId, citizenId }, trx) => {
        await alertEntityStaff({ notifier, config }, trx, {
          entryId,
          kind: 'citizen_answer',
          actorId: citizenId,
        });
      },
    },
  });
  app.decorate('events', events);
  const auth = await createAuthServices(config, database, idp, events);
  app.decorate('auth', auth);
  app.decorateRequest('user', null);
  await storeTemplates(database, templates);
  const catalog = new TemplateCatalog(templates, database, { devel: config.DEVEL });
  app.decorate('templates', catalog);
  // The seal key is read (and decrypted) once, here; every issuance reuses the sealer.
  const sealer = createSealer(await loadSealCredentials(database, config));
  const renderer = createPdfRenderer({ threads: config.PDF_RENDER_THREADS });
  app.addHook('onClose', () => renderer.close());
  const issuance = await createIssuanceServices({
    catalog,
    database,
    config,
    notifier,
    sealer,
    renderer,
  });
  issuance.openJointConsent = (input) => openConsent(issuance, input);
  const joint = { ...issuance, jobs: () => app.jobs, logger: app.log };
  app.decorate('jointIssuance', createJointIssuance(joint));
  const pdfInspector = createPdfInspector({
    timeoutMs: config.PDF_CHECK_TIMEOUT_MS,
    memoryMb: config.PDF_CHECK_MEMORY_MB,
    threads: config.PDF_CHECK_THREADS,
  });
  app.decorate('pdfInspector', pdfInspector);
  app.addHook('onClose', () => pdfInspector.close());
  const accessLog = createAccessLog(database, { logger: app.log });
  app.decorate('accessLog', accessLog);
  app.addHook('onClose', () => accessLog.close());

  const vaultExports = await createVaultExportServices({ database, jobs: () => app.jobs });

  // Tier 3: routes.
  await getHealthRoute(app, database);
  await getReadinessRoute(app, readiness, registry.port);
  if (idp) await idp.register(app);
  await app.register(
    async (api) => {
      await registerCompression(api);
      // An anonymous session reaches its template and its own document only (issue #37).
      registerAnonymousScope(api, catalog, database);
      await getAppConfigRoute(api, config);
      await publicAuthRoutes(api, auth);
      await templateRoutes(api, catalog, database);
      await datasetRoutes(api, datasets);
      await validationRoutes(api, { config, database, catalog, accessLog });
      await devOutboxRoutes(api, { config, notifier });
      await publicDocumentRoutes(api, issuance);
      const cases = {
        database,
        catalog,
        notifier,
        config,
        pdfTokenKey: issuance.pdfTokenKey,
        ensurePdf: (documentId: string) => ensureDocumentPdf(issuance, documentId),
        accessLog,
        jobs: () => app.jobs,
      };
      await publicCaseRoutes(api, cases);
      await caseZipPublicRoutes(api, cases);
      await publicOpinionRoutes(api, cases);
      await publicAnnotationRoutes(api, cases);
      await publicKepRoutes(api, issuance);
      // The OpenAPI document: public in development and test; in production only when asked for
      // (API_DOCS_PUBLIC), otherwise nothing is there (404 route_not_found).
      if (config.API_DOCS_PUBLIC) {
        api.get('/docs', { schema: { hide: true } }, async () => app.swagger());
      }
      // The authenticated route tree: one hook sets request.user or answers 401.
      await api.register(async (authenticated) => {
        authenticated.addHook('onRequest', auth.authenticate);
        await userAuthRoutes(authenticated, auth);
        await documentRoutes(authenticated, {
          catalog,
          database,
          config,
          pdfInspector,
          issuance,
        });
        await attachmentRoutes(authenticated, { catalog, database, config, pdfInspector });
        await documentActionRoutes(authenticated, issuance);
        await issuanceRoutes(authenticated, issuance);
        await stepUpRoutes(authenticated, issuance);
        await kepRoutes(authenticated, { ...issuance, accessLog });
        await recipientRoutes(authenticated, database);
        await staffRoutes(authenticated, database);
        await permissionRoutes(authenticated, database);
        await resourceRoutes(authenticated, { db: database.db, catalog });
        await caseRoutes(authenticated, cases);
        await caseToolboxRoutes(authenticated, cases);
        await annotationRoutes(authenticated, cases, pdfInspector);
        await caseExportRoutes(authenticated, cases);
        await messageRoutes(authenticated, { database, config, notifier });
        await accessLogRoutes(authenticated, database);
        await vaultExportRoutes(authenticated, vaultExports);
        await vaultRoutes(authenticated, {
          database,
          catalog,
          config,
          events,
          pdfInspector,
          pdfTokenKey: issuance.pdfTokenKey,
        });
        await replyRoutes(authenticated, { ...issuance, pdfInspector, events });
        await forwardRoutes(authenticated, { database, config, notifier });
        await scopeActionRoutes(authenticated, { ...issuance, accessLog });
        await jointRoutes(authenticated, joint);
        await correctionRoutes(authenticated, {
          cases,
          documents: { catalog, database, config, pdfInspector, issuance },
        });
        await opinionRoutes(authenticated, { cases, pdfInspector });
        await stepLookupRoutes(authenticated, { database, catalog, jobs: () => app.jobs });
      });
    },
    { prefix: '/api' },
  );

  // Graceful close (SIGTERM, docs/deployment.md): /readyz turns 503 at once; the job queue stops
  // taking jobs and finishes the running ones while in-flight requests finish; only then do the
  // notifier, the PDF checkers and Redis close (their onClose hooks run after this one, which is
  // registered last).
  let jobsStopped: Promise<void> | undefined;
  app.addHook('preClose', async () => {
    readiness.markDraining();
    jobsStopped = app.jobs?.stop();
  });
  app.addHook('onClose', async () => {
    await (jobsStopped ?? app.jobs?.stop());
  });

  return app;
}
