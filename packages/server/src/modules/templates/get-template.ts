import { apiErrorSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { checkTemplateAccess, findUsableTemplate } from './check-template-access';
import { templateParamsSchema, templateResponseSchema } from './schemas';
import type { TemplateCatalog } from './template-catalog';
import { toPublicTemplate } from './to-public-template';

/**
 * GET /api/templates/{refname} — open to everyone; with a valid token the template's
 * restrictions and required claims are checked for that user (403 with the reason).
 * Unknown: 404 template_not_found; disabled: 410 template_disabled with
 * data { service_name, service_url }.
 */
export async function getTemplateRoute(
  app: FastifyInstance,
  catalog: TemplateCatalog,
  database: Database,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/templates/:refname',
    {
      schema: {
        tags: ['templates'],
        summary: 'A template, before a document is created from it',
        params: templateParamsSchema,
        response: {
          200: templateResponseSchema,
          403: apiErrorSchema,
          404: apiErrorSchema,
          410: apiErrorSchema,
        },
      },
    },
    async (request) => {
      const template = findUsableTemplate(catalog, request.params.refname);
      if (request.user) await checkTemplateAccess(database, template, request.user);
      return { data: { template: toPublicTemplate(template, request.user) } };
    },
  );
}
