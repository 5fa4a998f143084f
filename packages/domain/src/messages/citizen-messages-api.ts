import { z } from 'zod';
import {
  actionAnswerExtras,
  documentPdfSchema,
  documentPreviewSchema,
  scopedDocumentSchema,
} from '../documents/api-document';
import { ANSWER_REASON_MAX_SIZE, RECIPIENT_ANSWER_STATES } from '../documents/document-states';
import { MESSAGE_STATUSES } from '../state-machines/machines';
import { localizedTextSchema } from '../templates/template-schema';

/** Citizen message types (spec section 3, "Citizen message entry"). */
export const CITIZEN_MESSAGE_TYPES = [
  'message',
  'wallet-consent-request',
  'shared-document',
  'user-document',
  'user-application',
  'incoming-document',
  'representative-application',
] as const;
export type CitizenMessageType = (typeof CITIZEN_MESSAGE_TYPES)[number];

/** The list asks for these types when it names none (spec section 7). */
export const DEFAULT_MESSAGE_TYPES: readonly CitizenMessageType[] = [
  'message',
  'wallet-consent-request',
];
/** Archived messages per page (spec section 9); new and read ones follow USER_INBOX_*_LIMIT. */
export const USER_INBOX_ARCHIVED_LIMIT = 5;
export const USER_INBOX_MAX_LIMIT = 100;

const tsidSchema = z.string().regex(/^\d{1,19}$/, 'a tsid is a whole number');

/** POST /api/gates/USER/gate/inbox-entries (spec section 7). */
export const inboxEntriesQuerySchema = z.object({
  action: z.literal('list').optional(),
  types: z.array(z.enum(CITIZEN_MESSAGE_TYPES)).max(CITIZEN_MESSAGE_TYPES.length).optional(),
  status: z.array(z.enum(MESSAGE_STATUSES)).max(MESSAGE_STATUSES.length).optional(),
  limit: z.number().int().min(1).max(USER_INBOX_MAX_LIMIT).optional(),
  full_document: z.boolean().optional(),
  /** Newer than this tsid (polling). */
  after: tsidSchema.optional(),
  /** Older than this tsid (the next page). */
  before: tsidSchema.optional(),
  /** Cache buster some clients send; ignored. */
  _t: z.unknown().optional(),
});
export type InboxEntriesQuery = z.infer<typeof inboxEntriesQuerySchema>;

export const citizenMessageSchema = z.object({
  id: z.string(),
  type: z.enum(CITIZEN_MESSAGE_TYPES),
  status: z.enum(MESSAGE_STATUSES),
  create_timestamp: z.string(),
  tsid: z.string(),
  state_data: z
    .object({
      title: z.unknown().optional(),
      sender_display_name: z.unknown().optional(),
      summary: z.string().optional(),
      importance: z.string().optional(),
      first_retrieved_timestamp: z.string().nullable(),
      resolution: z.string().optional(),
      resolution_timestamp: z.string().optional(),
      expiration_timestamp: z.string().nullable(),
      recipient_display_name: z.string().optional(),
      representative_display_name: z.string().optional(),
      reply_link: z.string().optional(),
      replying_to_link: z.string().optional(),
    })
    .catchall(z.unknown()),
  /** The document the message carries (a summary; the document itself is read by its route). */
  document: z
    .object({
      id: z.string(),
      reference_code: z.string().nullable(),
      template_refname: z.string(),
      state: z.string(),
      issued_at: z.string().nullable(),
      /** The addressee's answer to a document naming them (user-document), else null. */
      answer_state: z.enum(RECIPIENT_ANSWER_STATES).nullable().optional(),
      answer_reason: z.string().nullable().optional(),
    })
    .nullable(),
  /** The case the message is about (a vault case's id): she may answer it into the thread. */
  case_entry_id: z.string().nullable().optional(),
});
export type CitizenMessage = z.infer<typeof citizenMessageSchema>;

export const inboxEntriesResponseSchema = z.object({
  data: z.array(citizenMessageSchema),
  meta: z.object({
    /** Poll with `after` = this: the newest tsid seen (or the `after` sent). */
    incoming: z.object({ next: z.string().nullable() }),
    /** The next (older) page: send it as `before`; null on the last page. */
    next: z.string().nullable(),
    /** New (incoming) messages of the types asked for: the home page's notice. */
    counts: z.object({ incoming: z.number().int() }),
  }),
});
export type InboxEntriesResponse = z.infer<typeof inboxEntriesResponseSchema>;

/**
 * Actions on one of the citizen's messages. `accept` and `reject`: the addressee's answer to a
 * document naming them (a `user-document`); a rejection gives a `reason`. `retrieve` opens the
 * message (the first time marks it read); with the document actions `pdf` and
 * `download-attachment` it is also a scope action on the document the message carries
 * (DOCUMENT_SCOPE_ACTIONS, `gates/USER/gate/inbox-entries`).
 */
export const INBOX_ENTRY_ACTIONS = [
  'retrieve',
  'archive',
  'unarchive',
  'accept',
  'reject',
] as const;
export type InboxEntryActionName = (typeof INBOX_ENTRY_ACTIONS)[number];
/** POST /api/gates/USER/gate/inbox-entries/action: object_id at the top or in `arguments`. */
export const inboxEntryActionSchema = z.object({
  action: z.string().max(50),
  object_id: z.string().max(64).optional(),
  arguments: z
    .object({
      object_id: z.string().max(64).optional(),
      reason: z.string().max(ANSWER_REASON_MAX_SIZE).optional(),
    })
    .catchall(z.unknown())
    .optional(),
});
export type InboxEntryAction = z.infer<typeof inboxEntryActionSchema>;

/**
 * The document a message carries, as its actions answer it: the document itself (scope
 * `gates/USER/gate/inbox-entries`) with the message's summary fields (template_refname, the
 * addressee's answer). Archive, unarchive, accept and reject answer the summary only.
 */
export const inboxEntryDocumentSchema = scopedDocumentSchema.extend({
  template_refname: z.string(),
  answer_state: z.enum(RECIPIENT_ANSWER_STATES).nullable().optional(),
  answer_reason: z.string().nullable().optional(),
});
export const inboxEntryResponseSchema = z.object({
  data: citizenMessageSchema.extend({
    document: z
      .union([inboxEntryDocumentSchema, citizenMessageSchema.shape.document.unwrap()])
      .nullable(),
    'document-pdf': documentPdfSchema.optional(),
  }),
  ...actionAnswerExtras,
});
export type InboxEntryResponse = z.infer<typeof inboxEntryResponseSchema>;

/**
 * GET /api/gates/USER/gate/inbox-entries/{id}/document: the document a message carries, read
 * only (a shared document, a document addressed to the caller, one an entity sent them).
 */
export const messageDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    reference_code: z.string().nullable(),
    template_refname: z.string(),
    template_shortname: localizedTextSchema,
    state: z.string(),
    issued_at: z.string().nullable(),
    /** Who issued it: the citizen's name. */
    owner_display_name: z.string(),
    preview: documentPreviewSchema,
    answer_state: z.enum(RECIPIENT_ANSWER_STATES).nullable(),
    answer_reason: z.string().nullable(),
  }),
});
export type MessageDocument = z.infer<typeof messageDocumentSchema>['data'];
