import {
  apiDocumentSchema,
  isInputField,
  renderDocumentPreview,
  templateSchema,
  type ApiDocument,
  type DocumentState,
  type LocalizedText,
  type Recipient,
  type StepInfo,
  type Template,
  type TemplateInput,
  type TemplateStep,
} from '@dilosi/domain';
import solemnDeclarationJson from '../../../../../server/templates/solemn-declaration.json';

/**
 * Documents of the catalogue's solemn declaration (packages/server/templates), shaped as the API
 * answers them (apiDocumentSchema, checked on every build): the step_info of each step follows
 * the server's buildStepInfo, so page tests see the payloads the wizard gets in production.
 */

export const DOCUMENT_ID = '0b8e4c1a-7d2f-4f6a-9c3e-5a1b2c3d4e5f';

/** The registry values creation fills in (external_immutable: shown, never editable). */
export const REGISTRY_VALUES: Record<string, string> = {
  firstname: 'ΜΑΡΙΑ',
  surname: 'ΠΑΠΑΔΟΠΟΥΛΟΥ',
  father_name: 'ΓΕΩΡΓΙΟΣ',
  mother_name: 'ΕΛΕΝΗ',
  birth_date: '1985-04-12',
  birth_place: 'ΑΘΗΝΑ',
  afm: '094014201',
  id_number: 'ΑΚ123456',
  address_city: 'ΑΘΗΝΑ',
  address_street: 'ΠΑΤΗΣΙΩΝ',
  address_number: '12',
  address_postal_code: '10434',
};

export const STATEMENT = 'Δεν έχω υποβάλει άλλη αίτηση για την ίδια παροχή.';

export const RECIPIENT: Recipient = {
  type: 'entity',
  codename: 'dimos_athinaion',
  name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: 'Ville d’Athènes' },
};

const WIZARD_STEPS: LocalizedText[] = [
  { el: 'Συμπλήρωση', en: 'Fill in', fr: 'Saisie' },
  { el: 'Παραλήπτης', en: 'Recipient', fr: 'Destinataire' },
  { el: 'Προεπισκόπηση', en: 'Preview', fr: 'Aperçu' },
  { el: 'Επιβεβαίωση', en: 'Confirmation', fr: 'Confirmation' },
];

const NEXT: LocalizedText = { el: 'Συνέχεια', en: 'Continue', fr: 'Continuer' };
const SUBMIT: LocalizedText = { el: 'Υποβολή', en: 'Submit', fr: 'Soumettre' };
const CONFIRM: LocalizedText = { el: 'Επιβεβαίωση', en: 'Confirm', fr: 'Confirmer' };
const RESEND: LocalizedText = {
  el: 'Αποστολή νέου κωδικού',
  en: 'Send a new code',
  fr: 'Envoyer un nouveau code',
};

const ISSUED_STEP: TemplateStep = {
  key: 'issued',
  title: { el: 'Το έγγραφο εκδόθηκε', en: 'Your document has been issued', fr: 'Document émis' },
  states: ['issued'],
  requireUser: true,
  requireMobileConsent: false,
  layout: 'issued',
  noContainer: false,
  skipIfNotEditable: false,
  'wizard-step': 4,
  elements: [{ type: 'document-preview' }],
  fieldsets: [],
  footer: [],
  rules: [],
};

/** The catalogue's template, optionally changed (e.g. a step that skips itself). */
export function solemnDeclarationTemplate(
  change: (input: TemplateInput) => TemplateInput = (input) => input,
): Template {
  const input = structuredClone(solemnDeclarationJson) as unknown as TemplateInput;
  return templateSchema.parse(change(input));
}

const DEFAULT_TEMPLATE = solemnDeclarationTemplate();

type DocumentOptions = {
  /** The step the server says the document is at; default: the first. */
  step?: string;
  state?: DocumentState;
  /** Values besides the registry's (the statement, …). */
  values?: Record<string, unknown>;
  recipient?: Recipient | null;
  /** Changes with every save: the wizard's automatic submission is keyed on it. */
  digest?: string;
  referenceCode?: string | null;
  template?: Template;
};

function stepInfo(
  template: Template,
  step: TemplateStep,
  state: DocumentState,
  values: Record<string, unknown>,
  recipient: Recipient | null,
): StepInfo {
  const readOnly = step.layout === 'preview' || step.layout === 'issued';
  const formKeys = new Set(step.fieldsets.flatMap((fieldset) => fieldset.fields));
  const fields = template.fields.flatMap((field) => {
    const listed =
      formKeys.has(field.key) ||
      step.elements.some((element) => 'fields' in element && element.fields.includes(field.key));
    if (!listed) return [];
    const { value: _default, ...definition } = field;
    const fromRegistry = field.external_immutable && field.key in REGISTRY_VALUES;
    const editable =
      state === 'editing' &&
      formKeys.has(field.key) &&
      !readOnly &&
      field.editable &&
      isInputField(field) &&
      !fromRegistry;
    const value = field.component === 'recipient' ? (recipient ?? undefined) : values[field.key];
    return [{ ...definition, editable, ...(value === undefined ? {} : { value }) }];
  });
  const editing = template.steps_spec['steps-order'].filter((key) =>
    template.steps_spec.steps.find((s) => s.key === key)?.states.includes('editing'),
  );
  const index = editing.indexOf(step.key);
  const actions: StepInfo['actions'] =
    state !== 'editing'
      ? []
      : step.layout === 'preview'
        ? [{ key: 'submit', label: SUBMIT, primary: true }]
        : [{ key: 'next', label: NEXT, primary: true }];
  const info: StepInfo = {
    key: step.key,
    title: step.title,
    layout: step.layout,
    noContainer: step.noContainer,
    skipIfNotEditable: step.skipIfNotEditable,
    requireUser: step.requireUser,
    'wizard-step': step['wizard-step'],
    'wizard-steps': WIZARD_STEPS,
    elements: step.elements,
    footer: step.footer,
    fieldsets: Object.fromEntries(step.fieldsets.map(({ key, ...rest }) => [key, rest])),
    'fieldset-order': step.fieldsets.map((fieldset) => fieldset.key),
    'field-order': step.fieldsets.flatMap((fieldset) => fieldset.fields),
    fields: Object.fromEntries(fields.map((field) => [field.key, field])),
    rules: step.rules,
    actions,
    'back-step':
      state === 'editing' && index > 0
        ? (editing[index - 1] ?? null)
        : state === 'requested'
          ? 'preview'
          : null,
    'is-final-view': state === 'issued' || state === 'revoked',
    preview:
      step.layout === 'preview' || step.layout === 'issued'
        ? renderDocumentPreview(template, values, recipient)
        : null,
    'document-pdf':
      state === 'issued'
        ? { 'content-uri': null, filename: 'YD1-8QF3-K2M7.pdf', action: 'pdf' }
        : null,
  };
  return state === 'requested' ? withOtpInput(info) : info;
}

/** Awaiting the SMS code: the server adds the code's input and the confirm and resend actions. */
function withOtpInput(info: StepInfo): StepInfo {
  return {
    ...info,
    fieldsets: { ...info.fieldsets, otp_set: { fields: ['otp_code'] } },
    'fieldset-order': [...info['fieldset-order'], 'otp_set'],
    'field-order': [...info['field-order'], 'otp_code'],
    fields: {
      ...info.fields,
      otp_code: {
        key: 'otp_code',
        component: 'string',
        label: { el: 'Κωδικός επιβεβαίωσης', en: 'Confirmation code', fr: 'Code de confirmation' },
        hint: {
          el: 'Ο εξαψήφιος κωδικός που στάλθηκε με SMS στο 69******78.',
          en: 'The six-digit code sent by SMS to 69******78.',
          fr: 'Le code à six chiffres envoyé par SMS au 69******78.',
        },
        required: true,
        editable: true,
        external_immutable: false,
        normalize_upper: false,
        'component-params': { max_length: 6 },
      },
    },
    actions: [
      { key: 'submit', label: CONFIRM, primary: true },
      { key: 'resend_otp', label: RESEND, primary: false },
    ],
  };
}

/** A solemn declaration as GET/POST /api/my-declarations/{id} answer it (data.document). */
export function solemnDeclaration(options: DocumentOptions = {}): ApiDocument {
  const template = options.template ?? DEFAULT_TEMPLATE;
  const state = options.state ?? 'editing';
  const stepKey =
    options.step ??
    (state === 'requested'
      ? template.steps_spec.steps.find((s) => s.states.includes('requested'))?.key
      : template.steps_spec['steps-order'][0]) ??
    'fields';
  const step =
    state === 'issued' ? ISSUED_STEP : template.steps_spec.steps.find((s) => s.key === stepKey);
  if (!step) throw new Error(`no step ${stepKey} in ${template.refname}`);
  const values = { ...REGISTRY_VALUES, ...options.values };
  const recipient = options.recipient ?? null;
  const referenceCode = options.referenceCode ?? (state === 'issued' ? 'YD1-8QF3-K2M7' : null);
  return apiDocumentSchema.parse({
    id: DOCUMENT_ID,
    'declaration-id': DOCUMENT_ID,
    'document-id': DOCUMENT_ID,
    reference_code: referenceCode,
    type: template.type,
    state,
    step_name: step.key,
    step_info: stepInfo(template, step, state, values, recipient),
    template: {
      refname: template.refname,
      version: template.version,
      code: template.code,
      type: template.type,
      shortname: template.shortname,
      title: template.title,
    },
    statements: values,
    values: Object.fromEntries(
      Object.entries(values).flatMap(([key, value]) =>
        typeof value === 'string' && value !== '' ? [[key, value]] : [],
      ),
    ),
    attachments: {},
    recipient,
    replies: [],
    qrcode: state === 'issued' ? `https://dilosi.example.gr/show/${referenceCode}` : null,
    'digest-sha256': options.digest ?? 'digest-1',
    case_id: null,
    is_official: state === 'issued',
    created_at: '2025-03-03T08:00:00.000Z',
    timestamp: '2025-03-03T08:05:00.000Z',
    scope: 'my-declarations',
    ...(state === 'requested'
      ? {
          otp: {
            masked_mobile: '69******78',
            expires_at: '2025-03-03T08:10:00.000Z',
            resend_available_at: '2025-03-03T08:06:00.000Z',
            attempts_left: 5,
            sends_left: 2,
          },
          // What the server offers a requested document on my-declarations (userActionsFor).
          actions: ['retrieve', 'resend_otp', 'resend_email_otp', 'download-attachment'],
        }
      : {}),
    ...(state === 'issued'
      ? {
          issued_at: '2025-03-03T08:06:00.000Z',
          retention_until: '2026-03-03T08:06:00.000Z',
          actions: ['retrieve', 'pdf', 'send-document-link', 'revoke'],
        }
      : {}),
  });
}

/** The `{ data: { document } }` body of every document answer. */
export function documentBody(document: ApiDocument) {
  return { data: { document } };
}
