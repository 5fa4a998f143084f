import {
  apiErrorSchema,
  hierarchyLevel,
  parseHierarchyPath,
  type HierarchyDataset,
  type HierarchyDatasetAnswer,
} from '@dilosi/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

const localized = z.object({ el: z.string(), en: z.string(), fr: z.string() });
const answerSchema = z.object({
  meta: z.object({
    dataset: z.string(),
    title: localized,
    labels: z.array(localized),
    value_label: localized,
    source: z.string(),
    licence: z.string(),
    path: z.array(z.string()),
  }),
  data: z.object({
    elements: z.array(z.object({ value: z.string(), label: localized, leaf: z.boolean() })),
    values: z.array(z.object({ value: z.string(), label: localized })),
  }),
}) satisfies z.ZodType<HierarchyDatasetAnswer>;

/**
 * GET /api/datasets/{name}?path=a/b — one level of a hierarchical select's dataset (spec
 * section 7: the dataset's index and a path; `meta` with the labels and value_label, `data` with
 * the elements and the path's values). Public, like the catalogue it belongs to, and cached.
 * Unknown dataset: 404 hierarchy_dataset_not_found; a path not in it: 400 hierarchy_path_invalid.
 */
export async function datasetRoutes(
  app: FastifyInstance,
  datasets: ReadonlyMap<string, HierarchyDataset>,
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/datasets/:name',
    {
      schema: {
        tags: ['templates'],
        summary: "One level of a hierarchical select's dataset",
        params: z.object({ name: z.string().max(100) }),
        querystring: z.object({ path: z.string().max(500).optional() }),
        response: { 200: answerSchema, 400: apiErrorSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const dataset = datasets.get(request.params.name);
      if (!dataset) throw new AppError(404, 'hierarchy_dataset_not_found');
      const path = parseHierarchyPath(request.query.path);
      const data = path.length <= dataset.levels.length ? hierarchyLevel(dataset.tree, path) : null;
      if (!data) throw new AppError(400, 'hierarchy_path_invalid', { path: request.query.path });
      reply.header('cache-control', 'public, max-age=3600');
      return {
        meta: {
          dataset: dataset.name,
          title: dataset.title,
          labels: dataset.levels,
          value_label: dataset.value_label,
          source: dataset.source,
          licence: dataset.licence,
          path,
        },
        data,
      };
    },
  );
}
