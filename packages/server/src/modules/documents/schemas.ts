import {
  apiDocumentSchema,
  documentActionRequestSchema,
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

/**
 * The answer of create and update: the document, without `step_info` when the body said
 * `interactive: false` (a client that does not render steps).
 */
export const documentWriteResponseSchema = z.object({
  data: z.object({ document: apiDocumentSchema.partial({ step_info: true }) }),
});
export type DocumentWriteResponse = z.infer<typeof documentWriteResponseSchema>;

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

export const actionBodySchema = documentActionRequestSchema.describe(
  'action (spec section 7): retrieve {retrieval?: "content-uri"} | pdf | share {targets: ' +
    '[{type: "person", firstname, surname, afm}]} | revoke | resend_otp | resend_email_otp | ' +
    'send-document-link {method: "email" | "sms", email?} | download-attachment {file_id} or ' +
    '{key, attachment-index} | dismiss | set-retention {days: 30-1826} (ours); object_id: ' +
    'the document (or message) where the path does not name it. Each scope offers some of ' +
    'them (docs/api.md); the old names email, sms, set_retention answer 400 action_renamed.',
);

export const referenceParamsSchema = z.object({ ref: z.string().max(64) });

export const pdfTokenParamsSchema = z.object({ token: z.string().max(300) });
