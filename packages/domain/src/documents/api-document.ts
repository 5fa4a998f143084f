import { z } from 'zod';
import {
  choiceSchema,
  componentParamsSchema,
  fieldsetSchema,
  listOfParamsSchema,
  localizedTextSchema,
  stepElementSchema,
  STEP_LAYOUTS,
  TEMPLATE_TYPES,
  templateRuleRefSchema,
  USER_INPUT_MODES,
  FIELD_COMPONENTS,
  PERSON_ATTRIBUTES,
  REPLY_CASE_STATUSES,
  REQUIRED_CLAIMS,
  ANONYMOUS_CONFIRMATIONS,
  type TemplateField,
} from '../templates/template-schema';
import { DOCUMENT_SCOPES, DOCUMENT_STATES, DOCUMENT_USER_ACTIONS } from './document-states';
import { CASE_STATUSES } from '../state-machines/machines';
import { REGISTRY_NAMES } from '../registries/registry-errors';

/**
 * What the API answers about a document (spec sections 3 and 7): `data.document` of
 * create, update, backstep and get. The server builds it from the template and the stored
 * document; the web app renders whatever step it describes.
 */

/** An uploaded file as a document value (spec section 3, Attachment value). */
export const attachmentValueSchema = z.object({
  file_id: z.string(),
  filename: z.string(),
  size: z.number().int().nonnegative(),
  'content-type': z.string(),
  'attachment-index': z.number().int().nonnegative(),
  /**
   * Where the caller gets the file (GET, no session needed): a short-lived address
   * (PDF_TOKEN_TTL_SECONDS) minted for whoever may run `download-attachment` on the document;
   * absent where they may not (the public validation) or the server mints none.
   */
  'content-uri': z.string().optional(),
  /** Short-lived download address, when the server offers one. */
  url: z.string().optional(),
});
export type AttachmentValue = z.infer<typeof attachmentValueSchema>;

/**
 * An attachment value of a create or update body (spec section 3, Attachment value): a stored
 * file of the document or a pending upload of the caller by `file_id`, or a file inline, its
 * bytes in base64 (`content-encoding: base64`), or a stored file by the `content-uri` the server
 * answered for it. A value as answered (by the document or by POST /api/attachments) is taken
 * as it is: the fields besides these are ignored.
 */
export const attachmentWriteSchema = z.union([
  z.object({ file_id: z.string().max(100) }),
  z.object({
    filename: z.string().min(1).max(255),
    content: z.string(),
    'content-encoding': z.literal('base64'),
    'content-type': z.string().max(100).optional(),
  }),
  /** A value the server answered, sent back without its `file_id`: its address names the file. */
  z.object({ 'content-uri': z.string().max(500) }),
]);
export type AttachmentWrite = z.infer<typeof attachmentWriteSchema>;

/** The recipient of a document: an addressable entity, or a person or body named by the citizen. */
export const recipientSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('entity'),
    codename: z.string(),
    name: localizedTextSchema,
  }),
  z.object({
    type: z.literal('custom'),
    name: z.string().min(1).max(200),
    email: z.string().max(254).optional(),
  }),
]);
export type Recipient = z.infer<typeof recipientSchema>;

/** A field as a step shows it: the template's definition plus what applies to this document. */
export type StepField = Omit<TemplateField, 'list-of'> & {
  'list-of'?: TemplateField['list-of'];
};
const stepFieldBase = z.object({
  key: z.string(),
  component: z.enum(FIELD_COMPONENTS),
  label: localizedTextSchema,
  title: localizedTextSchema.optional(),
  hint: localizedTextSchema.optional(),
  hint_md: localizedTextSchema.optional(),
  example: z.string().optional(),
  value: z.unknown().optional(),
  required: z.boolean(),
  /** Resolved for this document: false for registry values (external_immutable) and on view steps. */
  editable: z.boolean(),
  'user-input-mode': z.enum(USER_INPUT_MODES).optional(),
  origin: z.enum(PERSON_ATTRIBUTES).optional(),
  external_immutable: z.boolean(),
  normalize_upper: z.boolean(),
  choices: z.array(choiceSchema).optional(),
  'choices-order': z.array(z.string()).optional(),
  'component-params': componentParamsSchema,
  safe: z.boolean().optional(),
  layout: z.enum(['full', 'half']).optional(),
});
export const stepFieldSchema: z.ZodType<StepField> = z.lazy(() =>
  stepFieldBase.extend({
    'list-of': listOfParamsSchema.extend({ fields: z.array(stepFieldSchema) }).optional(),
  }),
) as z.ZodType<StepField>;

/**
 * A filled-in value as it reads in each language: a choice by its label in that language, a text
 * as typed in all three; empty when not filled in.
 */
export const previewValueSchema = z.object({ el: z.string(), en: z.string(), fr: z.string() });

/**
 * The document text as it will be issued (preview, PDF): values already filled in, every part in
 * every language. The PDF reads Greek (its translation page translates the labels and the text,
 * not the values); the wizard's preview reads the reader's language.
 */
export const documentPreviewSchema = z.object({
  heading: localizedTextSchema,
  subheading: localizedTextSchema.optional(),
  rows: z.array(z.object({ label: localizedTextSchema, value: previewValueSchema })),
  body: z.array(localizedTextSchema),
  table: z
    .object({
      columns: z.array(localizedTextSchema),
      rows: z.array(z.array(previewValueSchema)),
    })
    .optional(),
  recipient: recipientSchema.nullable(),
});
export type DocumentPreview = z.infer<typeof documentPreviewSchema>;

export const STEP_ACTIONS = ['next', 'back', 'submit', 'resend_otp'] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

export const stepInfoSchema = z.object({
  key: z.string(),
  title: localizedTextSchema,
  layout: z.enum(STEP_LAYOUTS),
  noContainer: z.boolean(),
  skipIfNotEditable: z.boolean(),
  requireUser: z.boolean(),
  /**
   * What the step needs of the session before it goes on (issue #37): a login through this
   * endpoint, the consent to the certified mobile (read with `consent_method`), a fresh SMS code.
   * The server refuses the step without it (403 action_required with `data.action`).
   */
  loginURL: z.string().nullable().optional(),
  requireMobileConsent: z.boolean().optional(),
  consent_method: z.enum(['otp']).optional(),
  step_up: z.object({ max_age_minutes: z.number().int() }).nullable().optional(),
  /** Position in the step indicator and the indicator's labels (4 for declarations, 3 for authorisations). */
  'wizard-step': z.number().int(),
  'wizard-steps': z.array(localizedTextSchema),
  elements: z.array(stepElementSchema),
  footer: z.array(stepElementSchema),
  fieldsets: z.record(z.string(), fieldsetSchema.omit({ key: true })),
  'fieldset-order': z.array(z.string()),
  'field-order': z.array(z.string()),
  /** Every field the step's elements or fieldsets mention, with its current value. */
  fields: z.record(z.string(), stepFieldSchema),
  rules: z.array(templateRuleRefSchema),
  actions: z.array(
    z.object({ key: z.enum(STEP_ACTIONS), label: localizedTextSchema, primary: z.boolean() }),
  ),
  /** The previous step for the back button; null on the first step. */
  'back-step': z.string().nullable(),
  'is-final-view': z.boolean(),
  /**
   * A step whose fields come from registries (spec section 7, poll endpoint): POST `endpoint`
   * starts the look-ups and answers the id (`id_field`, poll_id); GET `endpoint`/{poll_id} answers
   * `pending` until `notpending`. Present only on an editing step that declares look-ups.
   */
  poll: z
    .object({
      endpoint: z.string(),
      id_field: z.string(),
      lookups: z.array(z.object({ registry: z.enum(REGISTRY_NAMES), fields: z.array(z.string()) })),
    })
    .optional(),
  /** For preview, view and issued layouts. */
  preview: documentPreviewSchema.nullable(),
  /**
   * The issued document's PDF (spec section 3, step_info `document-pdf`); null until issued.
   * `content-uri` is null: a short-lived download address is not minted on every read — run
   * the `pdf` action (`action`) or POST …/pdf/token for one.
   */
  'document-pdf': z
    .object({
      'content-uri': z.string().nullable(),
      filename: z.string(),
      action: z.literal('pdf'),
    })
    .nullable(),
});
export type StepInfo = z.infer<typeof stepInfoSchema>;

export const templateSummarySchema = z.object({
  refname: z.string(),
  version: z.number().int(),
  code: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  shortname: localizedTextSchema,
  title: localizedTextSchema,
});
export type TemplateSummary = z.infer<typeof templateSummarySchema>;

/**
 * A document issued in reply to this one (spec section 3, inbox item `replies`): an entity's
 * issued (or since revoked) reply to a case this document opened, as its owner sees it.
 */
export const documentReplySchema = z.object({
  id: z.string(),
  entity_id: z.string(),
  reference_code: z.string().nullable(),
  /** When it was issued (ISO 8601). */
  timestamp: z.string(),
  /** The clerk who wrote it. */
  user_display_name: z.string(),
  state: z.enum(DOCUMENT_STATES),
});
export type DocumentReply = z.infer<typeof documentReplySchema>;

/**
 * A document as the API answers it (spec section 3, Document): the spec's fields (`type`,
 * `state`, `step_name`, `step_info`, `template`, `case_id`, `is_official`, `qrcode`,
 * `timestamp`, `recipient`, `values`, `replies`) and section 7's (`declaration-id`,
 * `document-id`, `statements`, `attachments`, `digest-sha256`, `scope`); the rest are our
 * extensions.
 */
export const apiDocumentSchema = z.object({
  id: z.string(),
  'declaration-id': z.string(),
  'document-id': z.string(),
  reference_code: z.string().nullable(),
  type: z.enum(TEMPLATE_TYPES),
  state: z.enum(DOCUMENT_STATES),
  /** The step the document is at (the wizard's address `/issue/{id}/{step_name}`). */
  step_name: z.string(),
  step_info: stepInfoSchema,
  template: templateSummarySchema,
  statements: z.record(z.string(), z.unknown()),
  /**
   * Every filled-in field as the document reads it (the preview's and the PDF's text, in
   * Greek): registry and pre-filled values included, choices by their label, the recipient by
   * name, attachments by file name. Flat: field key → text.
   */
  values: z.record(z.string(), z.string()),
  attachments: z.record(z.string(), z.array(attachmentValueSchema)),
  recipient: recipientSchema.nullable(),
  /** Documents entities issued in reply to this one (its cases' replies); empty for drafts. */
  replies: z.array(documentReplySchema),
  /** SHA-256 of the stored values; an update carrying another digest is refused (document_modified). */
  'digest-sha256': z.string(),
  case_id: z.string().nullable(),
  is_official: z.boolean(),
  /**
   * How an anonymous use of its template is confirmed, when a KEP is one of the ways (issue
   * #37): the wizard then offers the in-person code at the preview. Absent otherwise.
   */
  anonymous_confirmation: z.array(z.enum(ANONYMOUS_CONFIRMATIONS)).optional(),
  created_at: z.string(),
  timestamp: z.string(),
  scope: z.literal('my-declarations'),
  /**
   * A document an entity issues (issue #13): the entity, and what it answers (spec section 7,
   * `targets` of type entry naming the case).
   */
  issuer_entity_id: z.string().nullable().optional(),
  targets: z.array(z.object({ type: z.literal('entry'), ref: z.string() })).optional(),
  /**
   * A reply to a case: what issuing it does to the case unless the clerk chooses otherwise (the
   * template's `reply_case_status`; issue #33).
   */
  reply_case_status: z.enum(REPLY_CASE_STATUSES).optional(),
  /** Issued and revoked documents: when it was issued (ISO 8601). */
  issued_at: z.string().nullable().optional(),
  /**
   * What the QR code holds (spec section 3, `qrcode`): the public validation address
   * `${PUBLIC_URL}/show/{code}` of an issued or revoked document; null before issuance and
   * when REFCODE_ENABLED is false.
   */
  qrcode: z.string().nullable(),
  /** Issued and revoked documents: when the retention job deletes it (ISO 8601). */
  retention_until: z.string().nullable().optional(),
  /** The sealed PDF of an issued document; download through the `pdf` action. */
  pdf: z
    .object({ filename: z.string(), size: z.number().int(), sha256: z.string() })
    .nullable()
    .optional(),
  /** Awaiting the SMS code (state requested): where it went and what is left. */
  otp: z
    .object({
      /** 69******78 */
      masked_mobile: z.string(),
      expires_at: z.string(),
      /** When resend_otp is allowed again; null when no more codes may be sent. */
      resend_available_at: z.string().nullable(),
      attempts_left: z.number().int(),
      sends_left: z.number().int(),
    })
    .nullable()
    .optional(),
  /** What POST /api/my-declarations/{id}/action accepts now (DOCUMENT_USER_ACTIONS). */
  actions: z.array(z.enum(DOCUMENT_USER_ACTIONS)).optional(),
  /**
   * The template's own success texts for the issued page, instead of issued_verbose and
   * issued_refcode (`{{code}}` is the reference code).
   */
  texts: z
    .object({
      'success-message': localizedTextSchema.optional(),
      'success-code-message': localizedTextSchema.optional(),
    })
    .optional(),
});
export type ApiDocument = z.infer<typeof apiDocumentSchema>;

/** A row of GET /api/citizen-declarations. */
export const documentListItemSchema = z.object({
  id: z.string(),
  reference_code: z.string().nullable(),
  state: z.enum(DOCUMENT_STATES),
  step_name: z.string(),
  template: templateSummarySchema,
  recipient: recipientSchema.nullable(),
  created_at: z.string(),
  timestamp: z.string(),
  /** Issued and revoked documents: when it was issued (ISO 8601); null for drafts. */
  issued_at: z.string().nullable().optional(),
  /** Issued and revoked documents: when the retention job deletes it (ISO 8601). */
  retention_until: z.string().nullable().optional(),
  /** The first words of its free text (documentSummary), to tell documents apart in a list. */
  summary: z.string().nullable().optional(),
  /** Where it went to an entity: the status of that case (its first entity's, not a forward's). */
  case_status: z.enum(CASE_STATUSES).nullable().optional(),
});
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

/** Paged list answer (spec section 3, Paged response). */
export const pageMetaSchema = z.object({
  count: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  total_pages: z.number().int(),
});
export type PageMeta = z.infer<typeof pageMetaSchema>;

/** GET /api/templates/{refname}: what the template page and the wizard need before creation. */
export const publicTemplateSchema = templateSummarySchema.extend({
  description: localizedTextSchema,
  enabled: z.boolean(),
  collectable: z.boolean(),
  /** The identity-confirmation step comes before creation. */
  confirm_identity: z.boolean(),
  anonymous: z.boolean(),
  /** Anonymous creation needs a solved captcha (captcha.required). */
  captcha_required: z.boolean(),
  /** How an anonymous use is confirmed: the captcha, a KEP officer (empty when not anonymous). */
  anonymous_confirmation: z.array(z.enum(ANONYMOUS_CONFIRMATIONS)),
  required_claims: z.array(z.enum(REQUIRED_CLAIMS)),
  login_endpoint: z.string().nullable(),
  'intro-step': z.object({ title: localizedTextSchema, text: localizedTextSchema }).nullable(),
  'steps-order': z.array(z.string()),
  'wizard-steps': z.array(localizedTextSchema),
  steps: z.array(
    z.object({
      key: z.string(),
      title: localizedTextSchema,
      requireUser: z.boolean(),
      layout: z.enum(STEP_LAYOUTS),
      'wizard-step': z.number().int(),
    }),
  ),
});
export type PublicTemplate = z.infer<typeof publicTemplateSchema>;

/** A case a document answers (spec section 7, `targets` of type `entry`): its inbox id. */
export const documentTargetSchema = z.object({
  type: z.literal('entry'),
  ref: z.string().min(1).max(64),
});
export type DocumentTarget = z.infer<typeof documentTargetSchema>;

/**
 * The body of create and update (spec section 7): POST /api/my-declarations/ and
 * /api/gates/USER/gate/documents (a citizen's create), /api/gates/{codename}/gate/documents
 * (an entity's create), POST /api/my-declarations/{id} and /api/entity/{e}/documents/{id}
 * (update).
 */
export const documentWriteSchema = z
  .object({
    document: z.object({
      /** Template refname: required on create. */
      template: z.string().max(64).optional(),
      'declaration-id': z.string().max(100).optional(),
      /** The digest of the draft as last read; another one on update is 409 document_modified. */
      'digest-sha256': z.string().max(128).optional(),
      statements: z.record(z.string(), z.unknown()).default({}),
      /**
       * A field's files after the write, by field (a field not named keeps its files): stored files
       * kept and uploads of POST /api/attachments by `file_id`, files inline in base64; files may
       * also come as multipart parts (docs/api.md, "Attachments").
       */
      attachments: z.record(z.string(), z.array(attachmentWriteSchema)).default({}),
    }),
    /**
     * Create in an entity's scope only: the case the document replies to (at most one). A
     * citizen's create, or any update, carrying targets: 400 invalid_request.
     */
    targets: z.array(documentTargetSchema).max(1).optional(),
    /** Who acts: a citizen creating on behalf of someone who authorised it. */
    actor: z.object({ caller_authorization_id: z.string().max(100).optional() }).optional(),
    /** Moved to `actor.caller_authorization_id`: refused here (400 invalid_request). */
    caller_authorization_id: z
      .never()
      .optional()
      .describe('Removed: send actor.caller_authorization_id'),
    /**
     * A solved ALTCHA captcha, for anonymous templates: the widget's payload (base64 of JSON
     * `{ algorithm, challenge, number, salt, signature }`), that JSON as text, or that object.
     */
    captcha: z.union([z.string().max(4096), z.record(z.string(), z.unknown())]).optional(),
    /**
     * true (the web wizard, and the default): the answer carries `step_info`, the step to
     * render. false (an API client that does not render steps): the answer leaves `step_info`
     * out; everything else is the same.
     */
    interactive: z.boolean().optional(),
    /**
     * `submit` at the last editing step (preview) requests issuance: the SMS code is sent (state
     * requested). In state requested the update confirms with `statements.otp_code`.
     */
    action: z.literal('submit').optional(),
  })
  .meta({
    // Examples for the OpenAPI document: a create, then an update with the digest last read.
    examples: [
      {
        document: { template: 'solemn-declaration', statements: {}, attachments: {} },
        interactive: true,
      },
      {
        document: {
          'declaration-id': '3f1c2d9e-8a7b-4c6d-9e0f-1a2b3c4d5e6f',
          'digest-sha256': 'b5bb9d8014a0f9b1d61e21e796d78dccdf1352f23cd32812f4850b878ae4944c',
          statements: { statement: 'Δηλώνω ότι μένω στην Αθήνα.' },
          attachments: { proof: [{ file_id: '9b2e4f10-6c3d-4e8a-b7f1-2d3c4b5a6978' }] },
        },
      },
    ],
  });
export type DocumentWrite = z.infer<typeof documentWriteSchema>;

/**
 * The body of POST /api/entity/{e}/documents/{id} (our extension of the wizard's update): with
 * `action: 'submit'` on a reply, `reply_case_status` is the status the clerk chose for the case
 * (`none`: as it is); without it the template's declaration applies. Ignored on other saves.
 */
export const entityDocumentWriteSchema = documentWriteSchema.extend({
  reply_case_status: z.enum(REPLY_CASE_STATUSES).optional(),
});
export type EntityDocumentWrite = z.infer<typeof entityDocumentWriteSchema>;

/**
 * `POST {scope}/action` on every scope of spec section 7 (DOCUMENT_SCOPES): which action, on
 * which document (`object_id`, where the scope's path does not name it), with its `arguments`.
 */
export const documentActionRequestSchema = z
  .object({
    /** One of DOCUMENT_USER_ACTIONS the scope offers; anything else is 400 invalid_request. */
    action: z.string().max(50),
    object_id: z.string().max(100).optional(),
    arguments: z.record(z.string(), z.unknown()).default({}),
  })
  .meta({
    // Examples for the OpenAPI document (spec section 7's actions).
    examples: [
      { action: 'retrieve', arguments: { retrieval: 'content-uri' } },
      { action: 'send-document-link', arguments: { method: 'email', email: 'maria@example.gr' } },
      {
        action: 'share',
        arguments: {
          targets: [{ type: 'person', firstname: 'ΓΙΩΡΓΟΣ', surname: 'ΒΛΑΧΟΣ', afm: '100000027' }],
        },
      },
    ],
  });
export type DocumentActionRequest = z.input<typeof documentActionRequestSchema>;

/** A person to share a document with (`share`: `arguments.targets`). */
export const personTargetSchema = z.object({
  type: z.literal('person'),
  firstname: z.string(),
  surname: z.string(),
  afm: z.string(),
});
export type PersonTarget = z.infer<typeof personTargetSchema>;

/** At most this many persons in one `share`. */
export const SHARE_TARGETS_MAX = 10;

/** data.document of an action's answer: the document, and the scope it was reached through. */
export const scopedDocumentSchema = apiDocumentSchema.extend({ scope: z.enum(DOCUMENT_SCOPES) });
export type ScopedDocument = z.infer<typeof scopedDocumentSchema>;

/** What an action answers besides the document (spec section 7). */
export const actionAnswerExtras = {
  /** The success text to show (a toast), in the request's language. */
  message: z.string().optional(),
  /** Where a download follows (`pdf`, `retrieve` with a PDF, `download-attachment`). */
  meta: z.object({ download_url: z.string().optional() }).optional(),
};

/** `pdf`, or `retrieve` with `retrieval: 'content-uri'`: the sealed PDF's short-lived address. */
export const documentPdfSchema = z.object({ 'content-uri': z.string() });

export const documentActionResponseSchema = z.object({
  data: z.object({
    document: scopedDocumentSchema,
    'document-pdf': documentPdfSchema.optional(),
  }),
  ...actionAnswerExtras,
});
export type DocumentActionResponse = z.infer<typeof documentActionResponseSchema>;

/** POST /api/my-declarations/{id}/attachments/{key}/token. */
export const attachmentTokenResponseSchema = z.object({
  download_url: z.string(),
  expires_at: z.string(),
});
export type AttachmentTokenResponse = z.infer<typeof attachmentTokenResponseSchema>;

/** POST /api/my-declarations/{id}/pdf/token. */
export const pdfTokenResponseSchema = z.object({
  data: z.object({ download_url: z.string(), expires_at: z.string() }),
  meta: z.object({ download_url: z.string() }),
});
export type PdfTokenResponse = z.infer<typeof pdfTokenResponseSchema>;
