import { z } from 'zod';
import {
  actionAnswerExtras,
  documentActionRequestSchema,
  documentPdfSchema,
  scopedDocumentSchema,
  type DocumentActionRequest,
} from '../documents/api-document';
import { localizedTextSchema } from '../templates/template-schema';
import { CASE_STATUSES } from '../state-machines/machines';
import { parseGreekDate } from '../validators/date';

/**
 * The entities' dashboard (spec sections 2, 3 and 7; issue #12): the shapes the server answers
 * and the web app reads. One source for both sides.
 */

/**
 * A staff member's roles at an entity (DESIGN section 8; issue #39): clerk (the inbox), head
 * (staff and settings), and the extra roles a head can grant: templates author (which templates
 * the entity may use) and settings owner (the entity's settings and notices).
 */
export const ENTITY_ROLES = ['clerk', 'head', 'templates_author', 'settings_owner'] as const;
export type EntityRole = (typeof ENTITY_ROLES)[number];

/** A head holds every other role too (a head is also a clerk, an author, a settings owner). */
export function hasEntityRole(roles: readonly EntityRole[], role: EntityRole): boolean {
  return roles.includes(role) || (role !== 'head' && roles.includes('head'));
}

/** The six inbox lists of an entity (spec section 2). `me`: assigned to the caller and pending. */
export const INBOX_TABS = ['all', 'me', 'pending', 'incoming', 'finished', 'canceled'] as const;
export type InboxTab = (typeof INBOX_TABS)[number];

/** Page sizes of the dashboard lists (spec section 9); the first is the default. */
export const DASHBOARD_PAGE_SIZES = [10, 30, 60, 100] as const;

/** A message to the citizen is at most this long (spec section 9). */
export const COMMUNICATIONS_MESSAGE_MAX_SIZE = 320;
/** New-activity marks cover the activity of this many days (issue #33; docs/decisions.md). */
export const CASE_ACTIVITY_DAYS = 30;
/** Internal notes and rejection reasons. */
export const CASE_NOTE_MAX_SIZE = 4000;

export const caseStatusSchema = z.enum(CASE_STATUSES);

/** GET /api/gates/{codename}/gate/layout. */
export const gateLayoutSchema = z.object({
  data: z.object({
    'nav-actions': z.array(
      z.object({ key: z.string(), url: z.string(), title: localizedTextSchema }),
    ),
    'landing-url': z.string().nullable(),
  }),
});
export type GateLayout = z.infer<typeof gateLayoutSchema>['data'];

/** One entity as the dashboard shows it, with the caller's active roles there. */
export const dashboardEntitySchema = z.object({
  id: z.string(),
  codename: z.string(),
  display_name: localizedTextSchema,
  email: z.string().nullable(),
  is_addressable: z.boolean(),
  is_managed: z.boolean(),
  has_inbox: z.boolean(),
  enabled: z.boolean(),
  /** A citizens' service centre (KEP): its clerks confirm anonymous requests in person (issue #37). */
  is_kep: z.boolean().optional(),
  roles: z.array(z.enum(ENTITY_ROLES)),
  /** The workspace sidebar's counters (issue #39): incoming cases, and pending ones assigned to the caller. */
  counts: z.object({ incoming: z.number().int(), me: z.number().int() }).optional(),
});
export type DashboardEntity = z.infer<typeof dashboardEntitySchema>;

/** GET /api/entities: the entities where the caller (a dashboard admin) holds an active role. */
export const dashboardEntityListSchema = z.object({ data: z.array(dashboardEntitySchema) });

/** GET /api/entities/{id}. */
export const dashboardEntityResponseSchema = z.object({ data: dashboardEntitySchema });

/** GET /api/entities/{id}/active-clerk-permissions: who a case can be assigned to. */
export const clerkPermissionSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  role: z.enum(ENTITY_ROLES),
  user_display_name: z.string(),
});
export const clerkPermissionListSchema = z.object({ data: z.array(clerkPermissionSchema) });
export type ClerkPermission = z.infer<typeof clerkPermissionSchema>;

/**
 * YYYY-MM-DD naming a real calendar day: 2026-13-45 or 2026-02-30 has the form but is refused
 * here, as a 400, rather than by the database's date cast.
 */
const calendarDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine(
    (day) => parseGreekDate(`${day.slice(8)}/${day.slice(5, 7)}/${day.slice(0, 4)}`) !== null,
  );

/** GET /api/entity/{e}/inbox query (spec section 7). Dates are YYYY-MM-DD, Athens days. */
export const inboxQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  status: caseStatusSchema.optional(),
  /** A user id, or `me`. */
  assignee_id: z.string().max(64).optional(),
  ordering: z.enum(['received_at', '-received_at']).default('-received_at'),
  /** Case number (`case_id`), exact, case- and dash-insensitive. */
  case: z.string().max(64).optional(),
  /** Citizen full name: accent- and case-insensitive, Greek or Latin typing. */
  user: z.string().max(200).optional(),
  /** Template title or refname. */
  document_title: z.string().max(200).optional(),
  /** Assignee's name. */
  assignee: z.string().max(200).optional(),
  date_from: calendarDaySchema.optional(),
  date_to: calendarDaySchema.optional(),
  /** Our extension (issue #33): `new`, only the cases with activity the caller has not seen. */
  activity: z.enum(['new']).optional(),
  /** Our extension (issue #41): `me`, only the cases the caller follows. */
  followed: z.enum(['me']).optional(),
  /** Our extension (issue #41): `pending`, only the cases with an opinion asked and not given. */
  opinions: z.enum(['pending']).optional(),
  /** Our extension (issue #41): one template, by refname (the search panel's pick-list). */
  template: z.string().max(64).optional(),
  /** Our extension (issue #41): `{fieldId}:{value}`, the cases with that annotation value. */
  annotation: z.string().max(300).optional(),
  /**
   * Our extension (issue #41): `{fieldKey}:{text}`, with `template`: the cases whose document's
   * form field holds the text (any case, any accents typed as stored).
   */
  field: z.string().max(300).optional(),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** Inbox item (spec section 3). */
export const inboxItemSchema = z.object({
  id: z.string(),
  entry_id: z.string(),
  inbox_status: caseStatusSchema,
  /** Display label: the case was forwarded to another entity (not a status). */
  forwarded: z.boolean(),
  assignee: z.string().nullable(),
  assignee_display_name: z.string().nullable(),
  /** Whole days since the case arrived. */
  age_days: z.number().int(),
  /** Incoming or pending longer than its template's deadline. */
  overdue: z.boolean(),
  /**
   * Our extension (issue #33), in the list: someone else acted on the case (or it arrived) since
   * the caller last opened it, within CASE_ACTIVITY_DAYS.
   */
  new_activity: z.boolean().optional(),
  /**
   * Our extension (issue #41): the case's annotation values by field id, for the columns a clerk
   * chooses; only in the list.
   */
  annotations: z.record(z.string(), z.string()).optional(),
  declaration: z.object({
    template_id: z.string(),
    template: z.object({ shortname: localizedTextSchema }),
    /** ISO 8601: when the case arrived. */
    timestamp: z.string(),
    reference_code: z.string(),
    user_display_name: z.string(),
    case_id: z.string(),
  }),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

/** Per tab, how many cases (the caller's own for `me`). */
export const inboxCountsSchema = z.object(
  Object.fromEntries(INBOX_TABS.map((tab) => [tab, z.number().int()])) as Record<
    InboxTab,
    z.ZodNumber
  >,
);
export type InboxCounts = z.infer<typeof inboxCountsSchema>;

export const inboxListSchema = z.object({
  data: z.array(inboxItemSchema),
  hasNext: z.boolean(),
  total: z.number().int(),
  meta: z.object({
    counts: inboxCountsSchema,
    /** Our extension (issue #33): per tab, how many of its cases have new activity for the caller. */
    new_counts: inboxCountsSchema.optional(),
  }),
});
export type InboxList = z.infer<typeof inboxListSchema>;

/** How a staff member is told of new cases and citizens' answers at an entity (issue #33). */
export const STAFF_ALERT_MODES = ['each', 'digest', 'none'] as const;
export type StaffAlertMode = (typeof STAFF_ALERT_MODES)[number];

/** PUT /api/entity/{e}/alert-preference: the caller's own choice for this entity. */
export const staffAlertPreferenceSchema = z.object({ mode: z.enum(STAFF_ALERT_MODES) });
export type StaffAlertPreference = z.infer<typeof staffAlertPreferenceSchema>;

/** GET and PUT /api/entity/{e}/alert-preference; `email`: where the alerts go (null: nowhere). */
export const staffAlertPreferenceResponseSchema = z.object({
  data: z.object({ mode: z.enum(STAFF_ALERT_MODES), email: z.string().nullable() }),
});

/** GET /api/entity/{e}/inbox-entry-resolve/{inboxId}. */
export const inboxResolveSchema = z.object({ entry_id: z.string() });

/** A statement of the document as issued: label and value as the citizen saw them. */
export const caseStatementSchema = z.object({
  key: z.string(),
  label: localizedTextSchema,
  value: z.string(),
});

/** A reply of the entity to a case (spec section 3, inbox item `replies`; issue #13). */
export const caseReplySchema = z.object({
  id: z.string(),
  entity_id: z.string(),
  reference_code: z.string().nullable(),
  /** Issue time of an issued reply, else its last change. */
  timestamp: z.string(),
  /** The clerk who wrote it. */
  user_display_name: z.string(),
  user_id: z.string(),
  state: z.string(),
  /** The reply template's refname: the wizard's `reply/{replyRef}` part. */
  template: z.string(),
  template_shortname: localizedTextSchema,
});
export type CaseReply = z.infer<typeof caseReplySchema>;

/**
 * POST /api/gates/USER/gate/inbox-entries/{id}/reply: the citizen's answer to a document an
 * entity sent her; it lands in the case's messages. The server refuses over
 * COMMUNICATIONS_MESSAGE_MAX_SIZE with message_too_long (the bound here only caps the body).
 */
export const answerReceivedDocumentSchema = z.object({ message: z.string().max(4000) });

/**
 * The multipart part of the one PDF a citizen may attach to her message (`file__attachment`,
 * beside the `json` part with the message), checked like every upload.
 */
export const CASE_MESSAGE_ATTACHMENT_FIELD = 'attachment';

/** POST /api/entity/{e}/inbox/{i}/reply: the reply template to start from. */
export const startReplySchema = z.object({ template: z.string().min(1).max(64) });

/** GET /api/entity/{e}/creatable-templates: one template an entity may use. */
export const entityTemplateSchema = z.object({
  refname: z.string(),
  code: z.string(),
  shortname: localizedTextSchema,
  title: localizedTextSchema,
  description: localizedTextSchema,
  /** What the entity may use it for: a reply to a case, a document it issues, or both. */
  uses: z.array(z.enum(['reply', 'issue'])),
});
export type EntityTemplate = z.infer<typeof entityTemplateSchema>;

/** One end of a forward: the other entity and its case number. */
export const caseForwardLinkSchema = z.object({
  entity_codename: z.string(),
  entity_display_name: localizedTextSchema,
  case_id: z.string(),
  timestamp: z.string(),
  /** The recipient dataset the forward went through (forward-info), if any. */
  recipient_dataset: z.string().nullable(),
});
export type CaseForwardLink = z.infer<typeof caseForwardLinkSchema>;

/** A motivated decision on a case (issue #41): accept, refuse, or close without action. */
export const CASE_DECISIONS = ['accepted', 'refused', 'without_action'] as const;
export type CaseDecisionKind = (typeof CASE_DECISIONS)[number];

/** The most a decision's reason may say (the citizen reads it in her mailbox). */
export const CASE_DECISION_REASON_MAX = 2000;

/** POST /api/entity/{e}/inbox/{i}/decision. */
export const caseDecisionRequestSchema = z
  .object({
    decision: z.enum(CASE_DECISIONS),
    reason: z.string().max(CASE_DECISION_REASON_MAX * 2),
    /** An issued reply of this case that supports the decision (issued through the reply wizard). */
    document_id: z.string().uuid().nullable().optional(),
  })
  .strict();
export type CaseDecisionRequest = z.infer<typeof caseDecisionRequestSchema>;

/** The decision as the case page and the citizen's message show it. */
export const caseDecisionSchema = z.object({
  decision: z.enum(CASE_DECISIONS),
  reason: z.string(),
  decided_at: z.string(),
  decided_by: z.string().nullable(),
  document: z.object({ id: z.string(), reference_code: z.string().nullable() }).nullable(),
});
export type CaseDecision = z.infer<typeof caseDecisionSchema>;

/** POST /api/entity/{e}/inbox/{i}/correction: ask the citizen to correct her document. */
export const caseCorrectionRequestSchema = z
  .object({ reason: z.string().max(CASE_DECISION_REASON_MAX * 2) })
  .strict();

/** A correction asked of the citizen (issue #41), as the case page and the citizen read it. */
export const caseCorrectionSchema = z.object({
  id: z.string(),
  state: z.enum(['requested', 'drafted', 'corrected', 'withdrawn']),
  reason: z.string(),
  requested_at: z.string(),
  requested_by: z.string().nullable(),
  /** The document to correct, by its reference code. */
  reference_code: z.string().nullable(),
  corrected_at: z.string().nullable(),
});
export type CaseCorrection = z.infer<typeof caseCorrectionSchema>;

/** GET /api/my-corrections/{id}: what the citizen is asked to correct, and where. */
export const myCorrectionSchema = caseCorrectionSchema.extend({
  entity_name: localizedTextSchema,
  case_id: z.string(),
  template: z.string(),
  template_shortname: localizedTextSchema,
  /** Her new draft, once she started it. */
  draft_document_id: z.string().nullable(),
  draft_step: z.string().nullable(),
});
export type MyCorrection = z.infer<typeof myCorrectionSchema>;

/** POST /api/my-corrections/{id}/draft: start (or go back to) the corrected draft. */
export const correctionDraftRequestSchema = z
  .object({
    /** Revoke the document corrected once the new one is issued; else it stays valid. */
    revoke_previous: z.boolean(),
  })
  .strict();

/** GET /api/entity/{e}/inbox/{i}: the case page. */
export const caseDetailSchema = inboxItemSchema.extend({
  /** The latest correction asked of the citizen (issue #41); null when none. */
  correction: caseCorrectionSchema.nullable().optional(),
  /** The motivated decision taken on it (issue #41); null while none (or opened again). */
  decision: caseDecisionSchema.nullable().optional(),
  /** Taken off the entity's lists (a closed case); a status change brings it back. */
  dismissed: z.boolean(),
  /** Whether the caller follows the case (issue #41); on the case page's own answer. */
  followed: z.boolean().optional(),
  /** While dismissed: when the bin purges it (issue #41); null otherwise. */
  purge_at: z.string().nullable().optional(),
  document: z.object({
    id: z.string().nullable(),
    state: z.string().nullable(),
    issued_at: z.string().nullable(),
    statements: z.array(caseStatementSchema),
    attachments: z.array(
      z.object({ index: z.number().int(), filename: z.string(), size: z.number().int() }),
    ),
  }),
  /** Replies of the entity (spec section 3); only issued ones are listed, drafts link to edit. */
  replies: z.array(caseReplySchema),
  /** Where the case was forwarded to (the "Προωθημένη" label is shown while any). */
  forwarded_to: z.array(caseForwardLinkSchema),
  /** The case it was forwarded from, in another entity: the link back. */
  forwarded_from: caseForwardLinkSchema.nullable(),
  counts: z.object({
    notes: z.number().int(),
    replies: z.number().int(),
    messages: z.number().int(),
    history: z.number().int(),
  }),
});
export type CaseDetail = z.infer<typeof caseDetailSchema>;
export const caseDetailResponseSchema = z.object({ data: caseDetailSchema });

/** Case history actions (spec section 4). */
export const CASE_HISTORY_ACTIONS = [
  'received',
  'assign',
  'change_state',
  'auto_change_state',
  'comment',
  'send_message',
  'replying',
  'replied',
  'document_revoked',
  'share',
  'dismiss',
  /** Back from the bin (issue #41). */
  'restore',
  /** A motivated decision: accepted, refused, closed without action (issue #41). */
  'decision',
  /** A correction asked of the citizen, withdrawn, and her corrected document (issue #41). */
  'correction_requested',
  'correction_withdrawn',
  'corrected',
  /** A typed annotation set, changed or cleared (issue #41). */
  'annotate',
  /** The case was forwarded to another entity (source side). */
  'forwarded',
  /** The case arrived forwarded from another entity (target side). */
  'forwarded_from',
  /** An opinion asked of another entity or a person, given, or cancelled (issue #41). */
  'opinion_requested',
  'opinion_given',
  'opinion_cancelled',
] as const;
export type CaseHistoryAction = (typeof CASE_HISTORY_ACTIONS)[number];

/** History item (spec section 3). */
export const historyItemSchema = z.object({
  id: z.string(),
  entry_id: z.string(),
  timestamp: z.string(),
  action: z.string(),
  /** The action's name in the request's language (spec section 3). */
  action_display: z.string(),
  action_user_display_name: z.string().nullable(),
  /** An `assign` row: whom the case was assigned to (the person's current name; issue #33). */
  assignee_display_name: z.string().nullable().optional(),
  details: z.record(z.string(), z.unknown()),
  declaration: z.object({ reference_code: z.string() }),
});
export type HistoryItem = z.infer<typeof historyItemSchema>;
export const historyListSchema = z.object({ data: z.array(historyItemSchema) });

/** Internal note (spec section 3): never shown to the citizen. */
export const caseNoteSchema = z.object({
  id: z.string(),
  comment: z.string(),
  user_display_name: z.string(),
  timestamp: z.string(),
});
export type CaseNote = z.infer<typeof caseNoteSchema>;
export const caseNoteListSchema = z.object({ data: z.array(caseNoteSchema) });
export const newCaseNoteSchema = z.object({ comment: z.string().max(CASE_NOTE_MAX_SIZE) });

/** Message to the citizen (spec section 3). */
export const caseMessageSchema = z.object({
  id: z.string(),
  message: z.string(),
  user_display_name: z.string(),
  timestamp: z.string(),
  /** `staff`: written by a clerk; `citizen`: the citizen's answer. */
  direction: z.enum(['staff', 'citizen']),
  /** The one PDF the citizen attached to her message (issue #33); downloaded by its token. */
  attachment: z.object({ filename: z.string(), size: z.number().int() }).nullable(),
});
export type CaseMessage = z.infer<typeof caseMessageSchema>;
export const caseMessageListSchema = z.object({ data: z.array(caseMessageSchema) });
export const newCaseMessageSchema = z.object({
  message: z.string().max(COMMUNICATIONS_MESSAGE_MAX_SIZE),
});

/** POST .../change_state: `reason` is required for canceled (a rejection the citizen sees). */
export const changeCaseStateSchema = z.object({
  state: caseStatusSchema,
  reason: z.string().max(CASE_NOTE_MAX_SIZE).optional(),
});
/**
 * POST .../action: a scope action on the case's document (spec section 7,
 * `entity/{entityId}/inbox/{inboxId}`): retrieve, pdf, download-attachment, share (`targets` of
 * type person) and dismiss (the closed case off the lists).
 */
export const caseActionSchema = documentActionRequestSchema;
export type CaseActionRequest = DocumentActionRequest;
/** Its answer: the spec's, plus the case as it now stands (null document: a case without one). */
export const caseActionResponseSchema = z.object({
  data: z.object({
    document: scopedDocumentSchema.nullable(),
    'document-pdf': documentPdfSchema.optional(),
    case: caseDetailSchema,
  }),
  ...actionAnswerExtras,
});
export type CaseActionResponse = z.infer<typeof caseActionResponseSchema>;
/** POST .../assign. */
export const assignCaseSchema = z.object({ user_id: z.string().max(64) });

/** POST .../pdf/token and .../attachments/{n}/token. */
export const caseDownloadSchema = z.object({ download_url: z.string() });

/** GET .../inbox/{i}/neighbours with the list's query: the cases before and after in that list. */
export const caseNeighboursSchema = z.object({
  data: z.object({ previous: z.string().nullable(), next: z.string().nullable() }),
});
export type CaseNeighbours = z.infer<typeof caseNeighboursSchema>['data'];

/** At most this many cases in one bulk action (a page of the largest size). */
export const BULK_CASES_MAX = 100;

/** POST /api/entity/{e}/inbox/bulk: one action on the selected cases. */
export const bulkCaseActionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('assign'),
    ids: z.array(z.string().max(64)).min(1).max(BULK_CASES_MAX),
    user_id: z.string().max(64),
  }),
  z.object({
    action: z.literal('change_state'),
    ids: z.array(z.string().max(64)).min(1).max(BULK_CASES_MAX),
    state: caseStatusSchema,
    reason: z.string().max(CASE_NOTE_MAX_SIZE).optional(),
  }),
  /** Issue #41: closed cases to the bin, and back. */
  z.object({
    action: z.literal('dismiss'),
    ids: z.array(z.string().max(64)).min(1).max(BULK_CASES_MAX),
  }),
  z.object({
    action: z.literal('restore'),
    ids: z.array(z.string().max(64)).min(1).max(BULK_CASES_MAX),
  }),
]);
export type BulkCaseAction = z.infer<typeof bulkCaseActionSchema>;

/** What a bulk action did to each case, and the summary. */
export const bulkCaseResultSchema = z.object({
  data: z.object({
    changed: z.number().int(),
    failed: z.number().int(),
    results: z.array(
      z.object({
        id: z.string(),
        case_id: z.string().nullable(),
        ok: z.boolean(),
        code: z.string().optional(),
      }),
    ),
  }),
});
export type BulkCaseResult = z.infer<typeof bulkCaseResultSchema>['data'];

/** At most this many rows in one CSV export. */
export const INBOX_EXPORT_MAX_ROWS = 200_000;

/**
 * POST /api/gates/{codename}/gate/inbox-entries/action (spec section 7) on an entity's gate:
 * `forward` the case `object_id` to one or more entities by codename, or `forward-info` to the
 * entities of a recipient dataset.
 */
export const FORWARD_TARGETS_MAX = 20;
/**
 * Our extension (issue #33): an optional plain-text comment for the receiving entity, at most
 * as long as a note; shown in the history of both cases.
 */
const forwardComment = z.string().max(CASE_NOTE_MAX_SIZE).optional();
export const forwardActionSchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('forward'),
    object_id: z.string().max(64),
    arguments: z.object({
      'target-codename': z.union([
        z.string().max(64),
        z.array(z.string().max(64)).min(1).max(FORWARD_TARGETS_MAX),
      ]),
      comment: forwardComment,
    }),
  }),
  z.object({
    action: z.literal('forward-info'),
    object_id: z.string().max(64),
    arguments: z.object({ recipient_dataset: z.string().max(64), comment: forwardComment }),
  }),
]);
export type ForwardAction = z.infer<typeof forwardActionSchema>;

export const forwardResultSchema = z.object({
  data: z.object({ forwarded: z.array(caseForwardLinkSchema) }),
});
export type ForwardResult = z.infer<typeof forwardResultSchema>['data'];

/** GET /api/forward-targets: the entities a case can be forwarded to, and the datasets. */
export const forwardTargetsSchema = z.object({
  data: z.object({
    entities: z.array(z.object({ codename: z.string(), display_name: localizedTextSchema })),
    datasets: z.array(
      z.object({
        codename: z.string(),
        title: localizedTextSchema,
        members: z.array(z.string()),
      }),
    ),
  }),
});
export type ForwardTargets = z.infer<typeof forwardTargetsSchema>['data'];

/** GET /api/entity/{e}/inbox-templates: the templates of the entity's cases (issue #41). */
export const inboxTemplatesSchema = z.object({
  data: z.array(
    z.object({
      refname: z.string(),
      shortname: localizedTextSchema,
      /** The template's form fields a clerk may filter the list by (issue #41). */
      fields: z.array(z.object({ key: z.string(), label: localizedTextSchema })),
    }),
  ),
});
export type InboxTemplates = z.infer<typeof inboxTemplatesSchema>;
