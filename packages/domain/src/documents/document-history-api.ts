import { z } from 'zod';
import { pageMetaSchema } from './api-document';

/**
 * Who did a step of a document's history (spec section 4, document history): its owner, the
 * person it names who answered it (accepted, rejected), a public body's staff (a reply, an
 * entity's own document), or the service itself (a job).
 */
export const DOCUMENT_HISTORY_ACTORS = ['owner', 'recipient', 'entity', 'system'] as const;
export type DocumentHistoryActor = (typeof DOCUMENT_HISTORY_ACTORS)[number];

/**
 * One row of GET /api/my-declarations/{id}/history and GET /api/entity/{e}/inbox/{i}/document-history.
 * `actor_display_name`: a person's name, or for a citizen reading staff's steps the entity's name
 * (never the clerk's); absent when there is none (the service).
 */
export const documentHistoryItemSchema = z.object({
  id: z.string(),
  /** The recorded name (`DOCUMENT_EVENTS`); `action_display` is its text in the request's language. */
  action: z.string(),
  action_display: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
  actor: z.enum(DOCUMENT_HISTORY_ACTORS),
  actor_display_name: z.string().optional(),
});
export type DocumentHistoryItem = z.infer<typeof documentHistoryItemSchema>;

/** A page of a document's history, oldest first. */
export const documentHistoryPageSchema = z.object({
  data: z.array(documentHistoryItemSchema),
  meta: pageMetaSchema,
});
export type DocumentHistoryPage = z.infer<typeof documentHistoryPageSchema>;
