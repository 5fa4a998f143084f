import { entityTemplateSchema, pageMetaSchema } from '@dilosi/domain';
import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

export const entityParams = z.object({ e: z.string().max(64) });
export const caseParams = z.object({ e: z.string().max(64), i: z.string().max(64) });
export const entityDocumentParams = z.object({ e: z.string().max(64), id: z.string().max(100) });

/** GET /api/entity/{e}/creatable-templates: page size 30 (spec section 9). */
export const creatableTemplatesQuery = z.object({
  use: z
    .enum(['issue', 'reply'])
    .default('issue')
    .describe('issue: documents the entity issues to a citizen; reply: replies to a case'),
  ...pagingQuery(30),
});

export const creatableTemplatesSchema = z.object({
  data: z.array(entityTemplateSchema),
  meta: pageMetaSchema,
});
