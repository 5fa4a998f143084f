import { apiErrorSchema } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { activeNotifications } from './entity-notices';
import { checkTemplateAccess, findUsableTemplate } from './check-template-access';
import { templateParamsSchema, templateResponseSchema } from './schemas';
import type { TemplateCatalog } from './template-catalog';
import { toPublicTemplate } from './to-public-template';

/**
 * GET /api/templates/{refname} — open to everyone; with a valid token the template's
 * restrictions and required claims are checked for that user (403 with the reason).
 * Unknown: 404 template_not_found; disabled: 410 template_disabled with
 * data { service_name, service_url }. `notices`: the offering entity's active notices.
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
      return {
        data: {
          template: toPublicTemplate(template, request.user),
          notices: await templateNotices(database, template.entity),
        },
      };
    },
  );
}

/** The active notices of the entity offering a template (none when it names no entity). */
async function templateNotices(database: Database, codename: string | undefined) {
  if (!codename) return [];
  const entity = await database.db
    .selectFrom('entities')
    .select('id')
    .where('codename', '=', codename)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return entity ? activeNotifications(database.db, entity.id) : [];
}
