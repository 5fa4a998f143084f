import { normalizeUpper, TEMPLATE_TYPES, type Template, type TemplateType } from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageMeta } from '../../lib/paging';
import { listTemplatesQuerySchema, templateListSchema } from './schemas';
import type { TemplateCatalog } from './template-catalog';
import { toTemplateSummary } from './to-public-template';

function matches(template: Template, query: string): boolean {
  if (template.code.toUpperCase() === query.trim().toUpperCase()) return true;
  const needle = normalizeUpper(query.trim());
  const haystack = [
    ...Object.values(template.title),
    ...Object.values(template.shortname),
    ...template.keywords,
  ];
  return haystack.some((text) => normalizeUpper(text).includes(needle));
}

/**
 * GET /api/templates — the enabled templates a citizen can start (devel ones only with DEVEL),
 * searched by code (exact) or by words of the titles and keywords, accents and case ignored.
 */
export async function listTemplatesRoute(app: FastifyInstance, catalog: TemplateCatalog) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/templates',
    {
      schema: {
        tags: ['templates'],
        summary: 'Search the template catalogue',
        querystring: listTemplatesQuerySchema,
        response: { 200: templateListSchema },
      },
    },
    async (request) => {
      const { q, type, limit, offset } = request.query;
      const query = q?.trim() ?? '';
      const matching = catalog
        .list()
        .filter((template) => template.enabled)
        .filter((template) => query === '' || matches(template, query));
      const typeCounts = Object.fromEntries(
        TEMPLATE_TYPES.map((each) => [
          each,
          matching.filter((template) => template.type === each).length,
        ]),
      ) as Record<TemplateType, number>;
      const found = matching
        .filter((template) => !type || template.type === type)
        .sort((a, b) => {
          const exact = query.toUpperCase();
          if ((a.code === exact) !== (b.code === exact)) return a.code === exact ? -1 : 1;
          return a.shortname.el.localeCompare(b.shortname.el, 'el');
        });
      return {
        data: found.slice(offset, offset + limit).map((template) => ({
          ...toTemplateSummary(template),
          description: template.description,
          anonymous: template.anonymous,
        })),
        meta: { ...pageMeta(found.length, limit, offset), type_counts: typeCounts },
      };
    },
  );
}
