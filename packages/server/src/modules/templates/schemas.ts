import {
  localizedTextSchema,
  pageMetaSchema,
  publicTemplateSchema,
  templateSummarySchema,
  TEMPLATE_TYPES,
  type PageMeta,
} from '@dilosi/domain';
import { z } from 'zod';

/** limit and offset of a paged list (spec section 7: paging uses limit and offset). */
export const pagingQuery = (defaultLimit: number) => ({
  limit: z.coerce.number().int().min(1).max(1000).default(defaultLimit),
  offset: z.coerce.number().int().min(0).default(0),
});

export function pageMeta(count: number, limit: number, offset: number): PageMeta {
  return { count, limit, offset, total_pages: Math.ceil(count / limit) };
}

export const listTemplatesQuerySchema = z.object({
  q: z.string().max(200).optional().describe('code (exact) or words of the title, accents ignored'),
  type: z.enum(TEMPLATE_TYPES).optional(),
  ...pagingQuery(30),
});

/** A row of GET /api/templates. */
export const templateListItemSchema = templateSummarySchema.extend({
  description: localizedTextSchema,
  anonymous: z.boolean(),
});
export type TemplateListItem = z.infer<typeof templateListItemSchema>;

export const templateListSchema = z.object({
  data: z.array(templateListItemSchema),
  meta: pageMetaSchema,
});

export const templateParamsSchema = z.object({ refname: z.string().max(100) });

export const templateResponseSchema = z.object({
  data: z.object({ template: publicTemplateSchema }),
});
