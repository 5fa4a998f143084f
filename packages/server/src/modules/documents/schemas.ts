import {
  apiDocumentSchema,
  documentListItemSchema,
  documentWriteSchema,
  pageMetaSchema,
} from '@dilosi/domain';
import { z } from 'zod';
import { pagingQuery } from '../../lib/paging';

export const documentParamsSchema = z.object({ id: z.string().max(100) });

/** The body of create and update; as JSON, or as the `json` part of a multipart request. */
export const documentBodySchema = documentWriteSchema.describe(
  'JSON, or multipart/form-data with a `json` part holding this object and file parts ' +
    '`file__{fieldKey}` (a single file) or `file__{fieldKey}#{index}`',
);

export const documentResponseSchema = z.object({
  data: z.object({ document: apiDocumentSchema }),
});

export const deletedResponseSchema = z.object({ data: z.object({ deleted: z.literal(true) }) });

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

export const listDocumentsQuerySchema = z.object({
  draft: booleanText
    .optional()
    .describe('true: drafts (editing, requested); false: issued, revoked'),
  ...pagingQuery(10),
});

export const documentListSchema = z.object({
  data: z.array(documentListItemSchema),
  meta: pageMetaSchema,
});
