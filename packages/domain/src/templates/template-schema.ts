import { z } from 'zod';
import { DOCUMENT_STATES } from '../documents/document-states';
import { REGISTRY_NAMES } from '../registries/registry-errors';
import { isSafeLinkTarget } from '../text/plain-text';
import { LOGIN_ENDPOINT_PATHS } from '../auth/login-endpoints';

/**
 * The template definition (spec section 3: Template, Field, steps_spec, listOf params).
 * Templates live as JSON in packages/server/templates/ and are checked against this schema at
 * start. Key names follow the spec, hyphens included (`component-params`, `steps-order`).
 */

/** A text in every interface language. */
/** How an anonymous template's issuance may be confirmed (`anonymous_confirmation`). */
export const ANONYMOUS_CONFIRMATIONS = ['captcha', 'in_person'] as const;
export type AnonymousConfirmation = (typeof ANONYMOUS_CONFIRMATIONS)[number];

/**
 * Creation needs a solved captcha when the caller would use the template anonymously (nobody
 * logged in yet, or an anonymous login) and the captcha is one of its confirmations; a template
 * confirmed only at a KEP needs none (issue #37).
 */
export function isCaptchaRequired(
  template: { anonymous: boolean; anonymous_confirmation: readonly AnonymousConfirmation[] },
  caller: { isAnonymous: boolean },
): boolean {
  return (
    template.anonymous && caller.isAnonymous && template.anonymous_confirmation.includes('captcha')
  );
}

export const localizedTextSchema = z.object({
  el: z.string().min(1),
  en: z.string().min(1),
  fr: z.string().min(1),
});
export type LocalizedText = z.infer<typeof localizedTextSchema>;

export const TEMPLATE_TYPES = ['solemn_declaration', 'authorisation', 'application'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** Every field component of spec section 3; the web registry has one React component for each. */
export const FIELD_COMPONENTS = [
  'afm',
  'amka',
  'attachment',
  'checkbox',
  'choice',
  'multiple_choice',
  'radio_choice',
  'text',
  'string',
  'email',
  'date',
  'datetime',
  'five_block_date',
  'three_block_date',
  'iban',
  'landline_phone',
  'mobile_phone',
  'postal_code',
  'integer',
  'rate',
  'hierarchical_select',
  'recipient',
  'link',
  'qrcode',
  'preference_multiple_choice',
  'diff',
  'notice',
  'hidden',
  'image',
  'dynamic_text',
  'list_of',
] as const;
export type FieldComponent = (typeof FIELD_COMPONENTS)[number];

/** Components that only show something: they never carry a value the citizen types. */
export const DISPLAY_ONLY_COMPONENTS: readonly FieldComponent[] = [
  'link',
  'qrcode',
  'diff',
  'notice',
  'image',
  'dynamic_text',
];

/** Person data a field may be pre-filled from (spec section 3, Person data). */
export const PERSON_ATTRIBUTES = [
  'firstname',
  'surname',
  'father_name',
  'mother_name',
  'birth_date',
  'birth_place',
  'id_number',
  'id_type',
  'afm',
  'amka',
  'gender',
  'address_street',
  'address_number',
  'address_city',
  'address_postal_code',
  'landline',
  'mobile',
  'email',
] as const;
export type PersonAttribute = (typeof PERSON_ATTRIBUTES)[number];
export type PersonData = Partial<Record<PersonAttribute, string>>;

export const USER_INPUT_MODES = ['required', 'optional', 'display', 'noinput', 'cell'] as const;
export type UserInputMode = (typeof USER_INPUT_MODES)[number];

export const choiceSchema = z.object({
  value: z.string().min(1),
  label: localizedTextSchema,
  group: localizedTextSchema.optional(),
});
export type Choice = z.infer<typeof choiceSchema>;

/** A node of a hierarchical selector's dataset (e.g. region → municipality). */
export type HierarchyNode = { value: string; label: LocalizedText; children?: HierarchyNode[] };
export const hierarchyNodeSchema: z.ZodType<HierarchyNode> = z.lazy(() =>
  z.object({
    value: z.string().min(1),
    label: localizedTextSchema,
    children: z.array(hierarchyNodeSchema).optional(),
  }),
);

/** The listOf parameters of spec section 3. */
export const listOfParamsSchema = z.object({
  /** Maximum number of rows. */
  multiplicity: z.number().int().min(1).max(100).default(10),
  /** No two rows may hold the same value in this column. */
  'multiplicity-unique': z.string().optional(),
  'multiplicity-sortable': z.boolean().default(false),
  /** Rows cannot be added or removed. */
  fixed: z.boolean().default(false),
  /** Exactly one row, shown without list controls. */
  solo: z.boolean().default(false),
  layout: z.enum(['table', 'card']).default('table'),
  readonly: z.boolean().default(false),
  /** Label of one row and of the add button, e.g. "Τέκνο". */
  multiplicityLabels: z.object({ item: localizedTextSchema, add: localizedTextSchema }).optional(),
});
export type ListOfParams = z.infer<typeof listOfParamsSchema>;

/** component-params: what each component reads; unknown keys are refused to catch typos. */
export const componentParamsSchema = z
  .object({
    /** text, string */
    max_length: z.number().int().positive().optional(),
    /** text: rows of the text area */
    rows: z.number().int().positive().optional(),
    /** date: 'DD/MM/YYYY' or 'now' */
    min: z.string().optional(),
    max: z.string().optional(),
    /** mobile_phone, landline_phone */
    allowed_countries: z.array(z.string().length(2)).optional(),
    /** iban */
    country_code: z.string().length(2).optional(),
    /** attachment: bytes; default FILE_MAX_SIZE */
    'file-max-size': z.number().int().positive().optional(),
    /** attachment: how many files (1 = a single file) */
    max_files: z.number().int().min(1).max(20).optional(),
    /** preference_multiple_choice, multiple_choice */
    min_choices: z.number().int().min(0).optional(),
    max_choices: z.number().int().min(1).optional(),
    /** hierarchical_select */
    tree: z.array(hierarchyNodeSchema).optional(),
    /**
     * hierarchical_select: a dataset of the catalogue (templates/datasets/{name}.json) in place of
     * an inline tree; the server answers it level by level (GET /api/datasets/{name}?path=…).
     */
    // Its name is checked against the catalogue's datasets when the catalogue loads (a regex
    // here would hand the document answer's serialization of every field back to zod).
    dataset: z.string().min(1).max(100).optional(),
    /** hierarchical_select: the label of each level */
    levels: z.array(localizedTextSchema).optional(),
    /** link */
    href: z.string().optional(),
    /** image: a data: URI, base64 only */
    src: z.string().optional(),
    alt: localizedTextSchema.optional(),
    /** dynamic_text: a text with {{field_key}} placeholders filled from the document's values */
    template: localizedTextSchema.optional(),
    /** diff: the two fields whose values are compared */
    compare: z.tuple([z.string(), z.string()]).optional(),
    /** notice */
    variant: z.enum(['info', 'warning', 'error']).optional(),
    /** rate: the other rate fields whose sum must be above 0 and at most 100 */
    dependencies: z.array(z.string()).optional(),
    'dependencies-error-message': localizedTextSchema.optional(),
    /** qrcode: the text encoded, with {{field_key}} placeholders */
    content: z.string().optional(),
  })
  .strict();
export type ComponentParams = z.infer<typeof componentParamsSchema>;

type FieldBase = {
  key: string;
  component: FieldComponent;
  label: LocalizedText;
  title?: LocalizedText;
  hint?: LocalizedText;
  hint_md?: LocalizedText;
  example?: string;
  value?: unknown;
  required: boolean;
  editable: boolean;
  'user-input-mode'?: UserInputMode;
  origin?: PersonAttribute;
  external_immutable: boolean;
  normalize_upper: boolean;
  choices?: Choice[];
  'choices-order'?: string[];
  'component-params': ComponentParams;
  safe?: boolean;
  layout?: 'full' | 'half';
};

/** A field of a template; `list_of` fields hold rows of their own sub-fields. */
export type TemplateField = FieldBase & {
  'list-of'?: ListOfParams & { fields: TemplateField[] };
};

const fieldKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]*$/, 'field keys are lower-case letters, digits and _');

export const templateFieldSchema: z.ZodType<TemplateField, unknown> = z.lazy(() =>
  z
    .object({
      key: fieldKeySchema,
      component: z.enum(FIELD_COMPONENTS),
      label: localizedTextSchema,
      title: localizedTextSchema.optional(),
      hint: localizedTextSchema.optional(),
      hint_md: localizedTextSchema.optional(),
      example: z.string().optional(),
      value: z.unknown().optional(),
      required: z.boolean().default(false),
      editable: z.boolean().default(true),
      'user-input-mode': z.enum(USER_INPUT_MODES).optional(),
      origin: z.enum(PERSON_ATTRIBUTES).optional(),
      /** A value from the registry cannot be changed by the citizen. */
      external_immutable: z.boolean().default(false),
      /** Upper-cased with accents removed before validation and storage. */
      normalize_upper: z.boolean().default(false),
      choices: z.array(choiceSchema).min(1).optional(),
      'choices-order': z.array(z.string()).optional(),
      'component-params': componentParamsSchema.default({}),
      safe: z.boolean().optional(),
      layout: z.enum(['full', 'half']).optional(),
      'list-of': listOfParamsSchema
        .extend({ fields: z.array(templateFieldSchema).min(1) })
        .optional(),
    })
    .strict()
    .superRefine((field, ctx) => {
      const needsChoices = [
        'choice',
        'multiple_choice',
        'radio_choice',
        'preference_multiple_choice',
      ];
      if (needsChoices.includes(field.component) && !field.choices) {
        ctx.addIssue({ code: 'custom', message: `a ${field.component} field needs choices` });
      }
      if ((field.component === 'list_of') !== (field['list-of'] !== undefined)) {
        ctx.addIssue({ code: 'custom', message: 'list-of params go with the list_of component' });
      }
      const params = field['component-params'];
      if (field.component === 'hierarchical_select' && !params.tree && !params.dataset) {
        ctx.addIssue({
          code: 'custom',
          message: 'a hierarchical_select needs component-params.tree or component-params.dataset',
        });
      }
    }),
);

/** Content of a step besides its form (spec section 2, Step rendering). */
export type StepElement =
  | { type: 'heading'; text: LocalizedText }
  | { type: 'text'; text: LocalizedText }
  | { type: 'notice'; text: LocalizedText; variant?: 'info' | 'warning' | 'error' }
  | { type: 'divider' }
  | { type: 'box'; title?: LocalizedText; text: LocalizedText }
  | { type: 'cards'; cards: { title: LocalizedText; text: LocalizedText; href?: string }[] }
  | { type: 'columns'; columns: StepElement[][] }
  /** The labels and current values of these fields, as a GOV.GR summary list. */
  | { type: 'value-list'; fields: string[] }
  /** A list_of field's rows as a read-only table. */
  | { type: 'tabular-list'; field: string }
  /** Shown only when printing. */
  | { type: 'print-section'; elements: StepElement[] }
  /** The document as it will be issued (step_info.preview). */
  | { type: 'document-preview' };

export const stepElementSchema: z.ZodType<StepElement> = z.lazy(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('heading'), text: localizedTextSchema }).strict(),
    z.object({ type: z.literal('text'), text: localizedTextSchema }).strict(),
    z
      .object({
        type: z.literal('notice'),
        text: localizedTextSchema,
        variant: z.enum(['info', 'warning', 'error']).optional(),
      })
      .strict(),
    z.object({ type: z.literal('divider') }).strict(),
    z
      .object({
        type: z.literal('box'),
        title: localizedTextSchema.optional(),
        text: localizedTextSchema,
      })
      .strict(),
    z
      .object({
        type: z.literal('cards'),
        cards: z.array(
          z.object({
            title: localizedTextSchema,
            text: localizedTextSchema,
            href: z.string().optional(),
          }),
        ),
      })
      .strict(),
    z.object({ type: z.literal('columns'), columns: z.array(z.array(stepElementSchema)) }).strict(),
    z.object({ type: z.literal('value-list'), fields: z.array(z.string()) }).strict(),
    z.object({ type: z.literal('tabular-list'), field: z.string() }).strict(),
    z.object({ type: z.literal('print-section'), elements: z.array(stepElementSchema) }).strict(),
    z.object({ type: z.literal('document-preview') }).strict(),
  ]),
);

/** The fields that content elements name (value-list, tabular-list), however deeply nested. */
export function stepElementFieldKeys(elements: readonly StepElement[]): string[] {
  return elements.flatMap((element) => {
    switch (element.type) {
      case 'value-list':
        return element.fields;
      case 'tabular-list':
        return [element.field];
      case 'columns':
        return element.columns.flatMap(stepElementFieldKeys);
      case 'print-section':
        return stepElementFieldKeys(element.elements);
      default:
        return [];
    }
  });
}

export const STEP_LAYOUTS = ['form', 'recipient', 'preview', 'confirm', 'view', 'issued'] as const;
export type StepLayout = (typeof STEP_LAYOUTS)[number];

export const fieldsetSchema = z
  .object({
    key: fieldKeySchema,
    title: localizedTextSchema.optional(),
    text: localizedTextSchema.optional(),
    fields: z.array(z.string()).min(1),
  })
  .strict();
export type Fieldset = z.infer<typeof fieldsetSchema>;

/** A template-specific rule (spec section 5) and the fields it reads; see templates/rules. */
export const templateRuleRefSchema = z
  .object({
    rule: z.string().min(1),
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type TemplateRuleRef = z.infer<typeof templateRuleRefSchema>;

/**
 * A registry look-up a step runs before the citizen fills it in (issue #36): the registry, the
 * field whose value is the key (absent: the citizen's tax number), and which document field each
 * attribute of the registry's record fills. It runs as a job; the step polls for it.
 */
export const stepLookupSchema = z
  .object({
    registry: z.enum(REGISTRY_NAMES),
    key_field: z.string().min(1).optional(),
    fields: z
      .record(z.string().min(1), z.string().min(1))
      .refine((fields) => Object.keys(fields).length > 0, 'names at least one field'),
  })
  .strict();
export type StepLookup = z.infer<typeof stepLookupSchema>;

/**
 * Step-up (spec section 6, "a 2FA action may be required"): a six-digit SMS code to the
 * certified mobile, confirmed at most `max_age_minutes` before the step goes on.
 */
export const stepUpSchema = z
  .object({ max_age_minutes: z.number().int().min(1).max(60).default(5) })
  .strict();
export type StepUp = z.infer<typeof stepUpSchema>;

export const templateStepSchema = z
  .object({
    key: fieldKeySchema,
    title: localizedTextSchema,
    /** Document states in which this step may be shown. */
    states: z.array(z.enum(DOCUMENT_STATES)).min(1).default(['editing']),
    requireUser: z.boolean().default(true),
    /** The step waits until the person consented to the use of her certified mobile (/consent). */
    requireMobileConsent: z.boolean().default(false),
    /** The step waits until the person logged in through this endpoint (issue #37). */
    loginURL: z.enum(LOGIN_ENDPOINT_PATHS).optional(),
    /** The step waits for a fresh second factor (an SMS code), as the template's step_up. */
    step_up: stepUpSchema.optional(),
    layout: z.enum(STEP_LAYOUTS).default('form'),
    noContainer: z.boolean().default(false),
    /** The step advances by itself when none of its fields is editable. */
    skipIfNotEditable: z.boolean().default(false),
    /** Position in the step indicator (1-based), per the template type's wizard. */
    'wizard-step': z.number().int().min(1).max(4),
    elements: z.array(stepElementSchema).default([]),
    fieldsets: z.array(fieldsetSchema).default([]),
    footer: z.array(stepElementSchema).default([]),
    rules: z.array(templateRuleRefSchema).default([]),
    lookups: z.array(stepLookupSchema).optional(),
  })
  .strict();
export type TemplateStep = z.infer<typeof templateStepSchema>;

/** What the issued document says: heading, person details, body with {{field}} placeholders. */
export const documentTextSchema = z
  .object({
    heading: localizedTextSchema,
    /** e.g. "(άρθρο 8 Ν.1599/1986)" */
    subheading: localizedTextSchema.optional(),
    /** Fields listed as label/value rows before the body. */
    'value-fields': z.array(z.string()).default([]),
    /** Paragraphs; `{{key}}` is replaced by the value of that field, `{{key.label}}` by a choice's label. */
    body: z.array(localizedTextSchema).min(1),
    /** A list_of field rendered as a table after the body. */
    'table-field': z.string().optional(),
  })
  .strict();
export type DocumentText = z.infer<typeof documentTextSchema>;

/** Days a case may stay open before it is overdue, when its template names none (issue #12). */
export const DEFAULT_CASE_DEADLINE_DAYS = 10;

/** What an entity may use an entity template for (docs/decisions.md, issue #13). */
export const ENTITY_TEMPLATE_USES = ['reply', 'issue'] as const;
export type EntityTemplateUse = (typeof ENTITY_TEMPLATE_USES)[number];

/**
 * What issuing a reply does to its case (issue #33): `none` leaves the status as it is (an
 * acknowledgement: the case is still being examined), `pending` or `finished` sets it.
 */
export const REPLY_CASE_STATUSES = ['none', 'pending', 'finished'] as const;
export type ReplyCaseStatus = (typeof REPLY_CASE_STATUSES)[number];

export const REQUIRED_CLAIMS = ['mobile_certified_login', 'gsis_login', 'anonymous_login'] as const;
export type RequiredClaim = (typeof REQUIRED_CLAIMS)[number];

/**
 * A joint declaration (issue #35): the author names her co-signatories in a `list_of` field,
 * one row each (tax number and names, the columns below), between `min` and `max` of them; each
 * then signs the same text with her own SMS code. `role` names a co-signatory on her page and
 * in the PDF (e.g. "co-owner"), `author_role` the author; `columns` are the row's columns that
 * describe her, shown to her as what she signs for.
 */
export const jointSpecSchema = z
  .object({
    list: z.string(),
    min: z.number().int().min(1).default(1),
    max: z.number().int().min(1).max(20),
    role: localizedTextSchema,
    author_role: localizedTextSchema,
    /** The row's columns holding her tax number and her names. */
    afm_column: z.string().default('afm'),
    firstname_column: z.string().default('firstname'),
    surname_column: z.string().default('surname'),
  })
  .strict()
  .refine((joint) => joint.min <= joint.max, { message: 'min exceeds max', path: ['min'] });
export type JointSpec = z.infer<typeof jointSpecSchema>;

/**
 * A service a template's documents use beyond their own fields (issue #40), checked at every step
 * and claimed at issuance, in its transaction (server: modules/template-services):
 * - `apostille`: the field `document_field` names an issued document, by its reference code,
 *   that must be the citizen's own (or shared with her), issued, not revoked, on or after
 *   13/10/2023 and of one of `allowed_templates`;
 * - `voucher`: one voucher of programme `programme` per beneficiary (the tax number in
 *   `beneficiary_field`, else the citizen's own), at most `daily_limit` a day (Athens), out of a
 *   bucket of `bucket` vouchers;
 * - `one_in_progress`: a citizen has at most one issued document of the template whose case is
 *   still open (`code` names the error).
 */
export const templateServiceSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('apostille'),
      document_field: z.string(),
      allowed_templates: z.array(z.string()).min(1),
    })
    .strict(),
  z
    .object({
      kind: z.literal('voucher'),
      programme: z.string().regex(/^[a-z0-9][a-z0-9_-]{1,63}$/),
      beneficiary_field: z.string().optional(),
      daily_limit: z.number().int().min(1),
      bucket: z.number().int().min(1),
    })
    .strict(),
  z
    .object({
      kind: z.literal('one_in_progress'),
      code: z.enum(['poiniko_ait_already_pending']),
    })
    .strict(),
]);
export type TemplateService = z.infer<typeof templateServiceSchema>;

export const templateSchema = z
  .object({
    refname: z.string().regex(/^[a-z0-9][a-z0-9_-]{1,63}$/),
    version: z.number().int().min(1),
    type: z.enum(TEMPLATE_TYPES),
    /** Short code a citizen can type on the template-code screen, e.g. "YD1". */
    code: z.string().regex(/^[A-Z0-9]{2,12}$/),
    shortname: localizedTextSchema,
    title: localizedTextSchema,
    description: localizedTextSchema,
    /** Words the template search matches besides the titles. */
    keywords: z.array(z.string()).default([]),
    enabled: z.boolean().default(true),
    /**
     * Where a disabled template sends the citizen (the service that replaced it): an absolute
     * http(s) URL or a path of this origin, shown as a link on the service's own pages.
     */
    serviceName: localizedTextSchema.optional(),
    serviceURL: z
      .string()
      .refine(isSafeLinkTarget, {
        message: 'must be an http(s) URL or a path starting with a single "/"',
      })
      .optional(),
    collectable: z.boolean().default(false),
    /** Before creation the person confirms what the registry says about her (issue #38). */
    confirm_identity: z.boolean().default(false),
    /** Only offered when DEVEL is on (the development template). */
    devel: z.boolean().default(false),
    /** Open to anonymous use; creation then needs a solved captcha. */
    anonymous: z.boolean().default(false),
    /**
     * How an anonymous use is confirmed (issue #37): the captcha solved at creation (issued at
     * once, its issuer not identified), and/or an officer at a KEP who checks an identity
     * document (modules/kep). Without `captcha`, creation needs none and only a KEP confirms.
     */
    anonymous_confirmation: z
      .array(z.enum(ANONYMOUS_CONFIRMATIONS))
      .min(1)
      .max(ANONYMOUS_CONFIRMATIONS.length)
      .default(['captcha']),
    /**
     * Who issues documents of this template: citizens (the public catalogue), or an entity's
     * staff (never offered to citizens). `entity_use` says what an entity may use it for: a
     * reply to a case, a document it issues to a citizen, or both.
     */
    issuer: z.enum(['citizen', 'entity']).default('citizen'),
    /**
     * The entity that offers the template, by codename: its active notices (the notifications
     * resource, issue #39) are shown to citizens on the template page.
     */
    entity: z
      .string()
      .regex(/^[A-Z0-9_]{2,64}$/)
      .optional(),
    entity_use: z.array(z.enum(ENTITY_TEMPLATE_USES)).default([]),
    /** A reply template: what issuing it does to the case, unless the clerk chooses otherwise. */
    reply_case_status: z.enum(REPLY_CASE_STATUSES).default('none'),
    required_claims: z.array(z.enum(REQUIRED_CLAIMS)).default([]),
    /**
     * Days a case made from this template may stay incoming or pending before the dashboard marks
     * it overdue (copied onto the case when it is received).
     */
    case_deadline_days: z.number().int().min(1).max(365).default(DEFAULT_CASE_DEADLINE_DAYS),
    consent_method: z.enum(['otp']).default('otp'),
    requireGSIS: z.boolean().default(false),
    /** The login a citizen starting the template goes to (one of LOGIN_ENDPOINTS). */
    login_endpoint: z.enum(LOGIN_ENDPOINT_PATHS).optional(),
    /** Every step of the template needs a fresh second factor (a step may ask on its own). */
    step_up: stepUpSchema.optional(),
    restrictions: z
      .object({
        /** The citizen's tax number must end in one of these digits. */
        afm_endings: z.array(z.string().regex(/^[0-9]$/)).optional(),
        civil_servants_only: z.boolean().optional(),
        /** Named operators: only these tax numbers may use the template. */
        allowed_afms: z.array(z.string().regex(/^[0-9]{9}$/)).optional(),
        /** Only translators in the registry of certified translators (not_certified_translator). */
        certified_translators: z.boolean().optional(),
        /** Only employees of an employer the template's list names (no_work_orgs, no_allowed_work_orgs). */
        permitted_employers: z.boolean().optional(),
        /** Only the tax numbers its owning entity lists for the template (not_named_operator). */
        named_operators: z.boolean().optional(),
      })
      .strict()
      .default({}),
    fields: z.array(templateFieldSchema).min(1),
    steps_spec: z
      .object({
        steps: z.array(templateStepSchema).min(1),
        'steps-order': z.array(z.string()).min(1),
        /** An informational step shown before creation (state new). */
        'intro-step': z
          .object({ title: localizedTextSchema, text: localizedTextSchema })
          .strict()
          .optional(),
      })
      .strict(),
    document: documentTextSchema,
    /** Signed by several people, each with her own SMS code (issue #35); absent: by one. */
    joint: jointSpecSchema.optional(),
    /** A service its documents use and claim at issuance (issue #40); absent: none. */
    service: templateServiceSchema.optional(),
    /** Texts that override the defaults: success-message, success-code-message, api_validation. */
    i18n: z
      .object({
        'success-message': localizedTextSchema.optional(),
        'success-code-message': localizedTextSchema.optional(),
        api_validation: z.record(z.string(), localizedTextSchema).optional(),
      })
      .strict()
      .default({}),
  })
  .strict()
  .superRefine((template, ctx) => {
    const fieldKeys = new Set<string>();
    for (const [index, field] of template.fields.entries()) {
      if (fieldKeys.has(field.key)) {
        ctx.addIssue({ code: 'custom', path: ['fields', index, 'key'], message: 'duplicate key' });
      }
      fieldKeys.add(field.key);
    }
    const stepKeys = new Set<string>();
    for (const [index, step] of template.steps_spec.steps.entries()) {
      if (stepKeys.has(step.key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps_spec', 'steps', index, 'key'],
          message: 'duplicate key',
        });
      }
      stepKeys.add(step.key);
    }
    const ordered = new Set<string>();
    for (const [index, key] of template.steps_spec['steps-order'].entries()) {
      if (ordered.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps_spec', 'steps-order', index],
          message: `step "${key}" is listed twice`,
        });
      }
      ordered.add(key);
      if (!stepKeys.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['steps_spec', 'steps-order', index],
          message: `unknown step "${key}"`,
        });
      }
    }
    for (const [stepIndex, step] of template.steps_spec.steps.entries()) {
      for (const [setIndex, fieldset] of step.fieldsets.entries()) {
        for (const [keyIndex, key] of fieldset.fields.entries()) {
          if (!fieldKeys.has(key)) {
            ctx.addIssue({
              code: 'custom',
              path: ['steps_spec', 'steps', stepIndex, 'fieldsets', setIndex, 'fields', keyIndex],
              message: `unknown field "${key}"`,
            });
          }
        }
      }
    }
    for (const [stepIndex, step] of template.steps_spec.steps.entries()) {
      for (const [index, lookup] of (step.lookups ?? []).entries()) {
        const keys = [
          ...Object.keys(lookup.fields),
          ...(lookup.key_field ? [lookup.key_field] : []),
        ];
        for (const key of keys) {
          if (fieldKeys.has(key)) continue;
          ctx.addIssue({
            code: 'custom',
            path: ['steps_spec', 'steps', stepIndex, 'lookups', index],
            message: `unknown field "${key}"`,
          });
        }
      }
    }
    // value-list and tabular-list elements name fields too, however deeply nested.
    for (const [stepIndex, step] of template.steps_spec.steps.entries()) {
      for (const part of ['elements', 'footer'] as const) {
        for (const [index, element] of step[part].entries()) {
          for (const key of stepElementFieldKeys([element])) {
            if (fieldKeys.has(key)) continue;
            ctx.addIssue({
              code: 'custom',
              path: ['steps_spec', 'steps', stepIndex, part, index],
              message: `unknown field "${key}"`,
            });
          }
        }
      }
    }
    const textFields = [
      ...template.document['value-fields'],
      ...(template.document['table-field'] ? [template.document['table-field']] : []),
    ];
    for (const key of textFields) {
      if (!fieldKeys.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['document'], message: `unknown field "${key}"` });
      }
    }
    const service = template.service;
    const serviceField =
      service?.kind === 'apostille'
        ? service.document_field
        : service?.kind === 'voucher'
          ? service.beneficiary_field
          : undefined;
    if (serviceField !== undefined && !fieldKeys.has(serviceField)) {
      ctx.addIssue({
        code: 'custom',
        path: ['service', service?.kind === 'apostille' ? 'document_field' : 'beneficiary_field'],
        message: `no field "${serviceField}"`,
      });
    }
    if (template.joint) {
      const list = template.fields.find((field) => field.key === template.joint?.list);
      const columns = new Set((list?.['list-of']?.fields ?? []).map((column) => column.key));
      const { afm_column, firstname_column, surname_column } = template.joint;
      const named = [afm_column, firstname_column, surname_column];
      if (list?.component !== 'list_of' || named.some((column) => !columns.has(column))) {
        ctx.addIssue({
          code: 'custom',
          path: ['joint', 'list'],
          message: `a list_of field with the columns ${named.join(', ')}`,
        });
      } else if ((list['list-of']?.multiplicity ?? 0) < template.joint.max) {
        ctx.addIssue({
          code: 'custom',
          path: ['joint', 'max'],
          message: 'more co-signatories than the list has rows',
        });
      }
    }
    if (!template.enabled && (!template.serviceName || !template.serviceURL)) {
      ctx.addIssue({
        code: 'custom',
        path: ['enabled'],
        message: 'a disabled template names the service (serviceName, serviceURL) that replaced it',
      });
    }
  });
export type Template = z.infer<typeof templateSchema>;
export type TemplateInput = z.input<typeof templateSchema>;

/** The indicator labels of the wizard: 4 steps for declarations, 3 for authorisations. */
export function wizardStepCount(type: TemplateType): number {
  return type === 'authorisation' ? 3 : 4;
}

/** Picks the text of the current locale. */
export function localize(text: LocalizedText, locale: keyof LocalizedText): string {
  return text[locale];
}
