import type { ApiDocument, LocalizedText, StepField, StepInfo } from '@dilosi/domain';

/** Test data for the renderer: the API's document shape with overrides. */

/** A text in the three languages, from the Greek (the other two marked). */
export function text(el: string, en = `${el} (en)`, fr = `${el} (fr)`): LocalizedText {
  return { el, en, fr };
}

export function makeField(
  overrides: Partial<StepField> & Pick<StepField, 'key' | 'component'>,
): StepField {
  return {
    label: text(overrides.key),
    required: true,
    editable: true,
    external_immutable: false,
    normalize_upper: false,
    'component-params': {},
    ...overrides,
  };
}

export function makeStepInfo(overrides: Partial<StepInfo> = {}): StepInfo {
  return {
    key: 'fields',
    title: text('Στοιχεία δήλωσης', 'Declaration details', 'Détails'),
    layout: 'form',
    noContainer: false,
    skipIfNotEditable: false,
    requireUser: true,
    'wizard-step': 1,
    'wizard-steps': [text('Στοιχεία'), text('Παραλήπτης'), text('Προεπισκόπηση'), text('Κωδικός')],
    elements: [],
    footer: [],
    fieldsets: {},
    'fieldset-order': [],
    'field-order': [],
    fields: {},
    rules: [],
    actions: [{ key: 'next', label: text('Συνέχεια', 'Continue', 'Continuer'), primary: true }],
    'back-step': null,
    'is-final-view': false,
    preview: null,
    'document-pdf': null,
    ...overrides,
  };
}

export function makeDocument(
  overrides: Omit<Partial<ApiDocument>, 'step_info'> & { step_info?: Partial<StepInfo> } = {},
): ApiDocument {
  const { step_info: stepInfo, ...rest } = overrides;
  return {
    id: 'doc-1',
    'declaration-id': 'doc-1',
    'document-id': 'doc-1',
    reference_code: null,
    type: 'solemn_declaration',
    state: 'editing',
    step_name: 'fields',
    step_info: makeStepInfo(stepInfo),
    template: {
      refname: 'yd',
      version: 1,
      code: 'YD1',
      type: 'solemn_declaration',
      shortname: text('Υπεύθυνη δήλωση'),
      title: text('Υπεύθυνη δήλωση'),
    },
    statements: {},
    values: {},
    attachments: {},
    recipient: null,
    replies: [],
    qrcode: null,
    'digest-sha256': 'digest-1',
    case_id: null,
    is_official: false,
    created_at: '2025-01-01T10:00:00.000Z',
    timestamp: '2025-01-01T10:00:00.000Z',
    scope: 'my-declarations',
    ...rest,
  };
}

/** A document whose step has these fields in one fieldset, in this order. */
export function documentWithFields(
  fields: StepField[],
  step: Partial<StepInfo> = {},
  document: Omit<Partial<ApiDocument>, 'step_info'> = {},
): ApiDocument {
  const keys = fields.map((field) => field.key);
  return makeDocument({
    ...document,
    step_info: {
      fieldsets: { main: { title: text('Στοιχεία'), fields: keys } },
      'fieldset-order': ['main'],
      'field-order': keys,
      fields: Object.fromEntries(fields.map((field) => [field.key, field])),
      ...step,
    },
  });
}
