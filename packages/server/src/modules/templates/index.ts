import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import { getTemplateRoute } from './get-template';
import { listTemplatesRoute } from './list-templates';
import type { TemplateCatalog } from './template-catalog';

export { CatalogError, checkCatalog, loadCatalog } from './load-catalog';
export { storeTemplates } from './store-templates';
export { TemplateCatalog } from './template-catalog';
export { findEntityTemplate, listEntityTemplates } from './entity-templates';
export { checkTemplateAccess, findUsableTemplate } from './check-template-access';
export { toTemplateSummary, wizardSteps } from './to-public-template';

/** The catalogue: open to everyone; `identify` tells who is asking when a token is sent. */
export async function templateRoutes(
  api: FastifyInstance,
  catalog: TemplateCatalog,
  database: Database,
) {
  await listTemplatesRoute(api, catalog);
  await api.register(async (scope) => {
    scope.addHook('onRequest', api.auth.identify);
    await getTemplateRoute(scope, catalog, database);
  });
}
