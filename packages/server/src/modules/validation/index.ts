import { multipart } from '../../lib/uploads/multipart-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/database';
import type { AccessLog } from '../access-log';
import type { TemplateCatalog } from '../templates';
import { checkFileRoute } from './check-file';
import { downloadValidationPdfRoute } from './download-validation-pdf';
import { getValidationContextRoute } from './get-validation-context';
import { runValidationActionRoute } from './run-validation-action';
import { validateDocumentRoute } from './validate-document';
import { createValidationServices } from './validation-services';

export { verifySeal } from './verify-seal';
export { VALIDATION_CONTEXTS } from './validation-contexts';

/**
 * Public validation (issue #6, docs/validation.md): no login. Each route has its own per-client
 * budget (VALIDATION_RATE_LIMIT_MAX per VALIDATION_RATE_LIMIT_WINDOW_MS) in the rate limiter's
 * store, shared through Redis when REDIS_URL is set. With REFCODE_ENABLED=false there is none.
 */
export async function validationRoutes(
  api: FastifyInstance,
  deps: { config: Config; database: Database; catalog: TemplateCatalog; accessLog: AccessLog },
) {
  if (!deps.config.REFCODE_ENABLED) return;
  const services = await createValidationServices(deps);
  const rateLimit = {
    max: deps.config.VALIDATION_RATE_LIMIT_MAX,
    timeWindow: deps.config.VALIDATION_RATE_LIMIT_WINDOW_MS,
  };
  await validateDocumentRoute(api, services, rateLimit);
  await runValidationActionRoute(api, services, rateLimit);
  await getValidationContextRoute(api, rateLimit);
  await downloadValidationPdfRoute(api, services, rateLimit);
  await api.register(async (files) => {
    await files.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: deps.config.FILE_MAX_SIZE, files: 1, fields: 2, parts: 3 },
    });
    await checkFileRoute(files, services, rateLimit);
  });
}
