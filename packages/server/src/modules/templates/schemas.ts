import {
  localizedTextSchema,
  pageMetaSchema,
  publicTemplateSchema,
  templateSummarySchema,
  TEMPLATE_TYPES,
} from '@dilosi/domain';
import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

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
  meta: pageMetaSchema.extend({
    /** Enabled templates of each type that match `q`, whatever `type` asks (the type screen). */
    type_counts: z.record(z.enum(TEMPLATE_TYPES), z.number().int()),
  }),
});

export const templateParamsSchema = z.object({ refname: z.string().max(100) });

export const templateResponseSchema = z.object({
  data: z.object({
    template: publicTemplateSchema,
    /** The active notices of the entity offering the template, newest first (issue #39). */
    notices: z.array(z.string()),
  }),
});
