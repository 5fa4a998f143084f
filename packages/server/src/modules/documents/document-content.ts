import {
  isInputField,
  type AttachmentValue,
  type Recipient,
  stepElementFieldKeys,
  type StepField,
  type StepLayout,
  type Template,
  type TemplateField,
  type TemplateStep,
} from '@dilosi/domain';

/** What a stored document holds besides its state: the inputs of every step rule here. */
export type DocumentContent = {
  values: Record<string, unknown>;
  /** Fields filled from the registry at creation; external_immutable ones stay read-only. */
  registryFields: readonly string[];
  attachments: Record<string, AttachmentValue[]>;
  recipient: Recipient | null;
};

/** Layouts that show values without letting the citizen change them. */
const READ_ONLY_LAYOUTS: ReadonlySet<StepLayout> = new Set(['preview', 'view', 'issued']);

export function stepOf(template: Template, key: string): TemplateStep | undefined {
  return template.steps_spec.steps.find((step) => step.key === key);
}

/** Every field a step mentions, fieldsets first, then its elements and footer; no repeats. */
export function stepFieldKeys(step: TemplateStep): string[] {
  const keys = [
    ...step.fieldsets.flatMap((fieldset) => fieldset.fields),
    ...stepElementFieldKeys(step.elements),
    ...stepElementFieldKeys(step.footer),
  ];
  return [...new Set(keys)];
}

/** Whether the citizen may give this field a value at all (registry values excepted). */
export function isValueEditable(
  field: TemplateField,
  content: Pick<DocumentContent, 'registryFields'>,
): boolean {
  if (!field.editable || !isInputField(field)) return false;
  return !(field.external_immutable && field.origin && content.registryFields.includes(field.key));
}

/** Whether the citizen may change this field on this step of this document. */
export function isFieldEditable(
  field: TemplateField,
  step: TemplateStep,
  content: Pick<DocumentContent, 'registryFields'>,
): boolean {
  return !READ_ONLY_LAYOUTS.has(step.layout) && isValueEditable(field, content);
}

function currentValue(field: TemplateField, content: DocumentContent): unknown {
  if (field.component === 'attachment') return content.attachments[field.key] ?? [];
  return content.values[field.key];
}

function withEditable(field: TemplateField, editable: boolean): StepField {
  const { value: _default, ...definition } = field;
  const list = definition['list-of'];
  return {
    ...definition,
    editable,
    ...(list
      ? {
          'list-of': {
            ...list,
            fields: list.fields.map((sub) => withEditable(sub, editable && sub.editable)),
          },
        }
      : {}),
  };
}

/** A step's fields as the step shows them: current value and resolved `editable`. */
export function resolveStepFields(
  template: Template,
  step: TemplateStep,
  content: DocumentContent,
): StepField[] {
  const byKey = new Map(template.fields.map((field) => [field.key, field]));
  // Only the form (the fieldsets) takes input; fields that elements name (value-list,
  // tabular-list) are shown for reading, as the web form renders them.
  const formKeys = new Set(step.fieldsets.flatMap((fieldset) => fieldset.fields));
  return stepFieldKeys(step).flatMap((key) => {
    const field = byKey.get(key);
    if (!field) return [];
    const editable = formKeys.has(key) && isFieldEditable(field, step, content);
    const resolved = withEditable(field, editable);
    const value = currentValue(field, content);
    return [value === undefined ? resolved : { ...resolved, value }];
  });
}

/** The fields of a step the citizen gives values to. */
export function editableStepFields(
  template: Template,
  step: TemplateStep,
  content: DocumentContent,
): StepField[] {
  return resolveStepFields(template, step, content).filter(
    (field) => field.editable && isInputField(field),
  );
}

function isSkipped(template: Template, step: TemplateStep, content: DocumentContent): boolean {
  return step.skipIfNotEditable && editableStepFields(template, step, content).length === 0;
}

function editingSteps(template: Template): TemplateStep[] {
  return template.steps_spec['steps-order'].flatMap((key) => {
    const step = stepOf(template, key);
    return step && step.states.includes('editing') ? [step] : [];
  });
}

/** The step a new draft starts at. */
export function firstEditingStep(template: Template, content: DocumentContent): TemplateStep {
  const steps = editingSteps(template);
  const first = steps.find((step) => !isSkipped(template, step, content)) ?? steps[0];
  if (!first) throw new Error(`template ${template.refname} has no editing step`);
  return first;
}

/** The editing step after `current` (skipping empty skipIfNotEditable steps), or null at the end. */
export function nextEditingStep(
  template: Template,
  current: string,
  content: DocumentContent,
): TemplateStep | null {
  const steps = editingSteps(template);
  const index = steps.findIndex((step) => step.key === current);
  return steps.slice(index + 1).find((step) => !isSkipped(template, step, content)) ?? null;
}

/** The editing step before `current`, or null on the first. */
export function previousEditingStep(
  template: Template,
  current: string,
  content: DocumentContent,
): TemplateStep | null {
  const steps = editingSteps(template);
  const index = steps.findIndex((step) => step.key === current);
  if (index <= 0) return null;
  return (
    steps
      .slice(0, index)
      .reverse()
      .find((step) => !isSkipped(template, step, content)) ?? null
  );
}

function lastWizardStep(template: Template): number {
  return Math.max(1, ...template.steps_spec.steps.map((step) => step['wizard-step']));
}

const CONFIRM_TITLE = { el: 'Επιβεβαίωση', en: 'Confirmation', fr: 'Confirmation' };

/**
 * The step of a document awaiting its SMS code: the template's step for state `requested`
 * (layout confirm), or a plain confirm step for a template that names none.
 */
export function requestedStep(template: Template): TemplateStep {
  const named = template.steps_spec['steps-order']
    .map((key) => stepOf(template, key))
    .find((step) => step?.states.includes('requested'));
  return (
    named ?? {
      key: 'confirm',
      title: CONFIRM_TITLE,
      states: ['requested'],
      requireUser: true,
      requireMobileConsent: false,
      layout: 'confirm',
      noContainer: false,
      skipIfNotEditable: false,
      'wizard-step': Math.min(4, lastWizardStep(template) + 1),
      elements: [],
      fieldsets: [],
      footer: [],
      rules: [],
    }
  );
}

const ISSUED_TITLE = {
  el: 'Το έγγραφο εκδόθηκε',
  en: 'Your document has been issued',
  fr: 'Votre document a été émis',
};
const REVOKED_TITLE = {
  el: 'Το έγγραφο έχει ανακληθεί.',
  en: 'The document has been revoked.',
  fr: 'Le document a été révoqué.',
};
const REVOKED_NOTICE = {
  el: 'Η ανάκληση είναι οριστική: το έγγραφο δεν ισχύει πλέον. Αν το χρειάζεστε, εκδώστε νέο έγγραφο.',
  en: 'Revocation is final: the document is no longer valid. If you need it, issue a new one.',
  fr: 'La révocation est définitive : le document n’est plus valable. Si vous en avez besoin, émettez-en un nouveau.',
};

/**
 * The fixed step of an issued or revoked document (not in the template): the issued document
 * (layout issued), or the revoked notice above it (layout view). Never editable, no actions.
 */
export function finalStep(template: Template, state: 'issued' | 'revoked'): TemplateStep {
  const base = {
    states: [state],
    requireUser: true,
    requireMobileConsent: false,
    noContainer: false,
    skipIfNotEditable: false,
    'wizard-step': lastWizardStep(template),
    fieldsets: [],
    footer: [],
    rules: [],
  };
  return state === 'issued'
    ? {
        ...base,
        key: 'issued',
        title: ISSUED_TITLE,
        layout: 'issued',
        elements: [{ type: 'document-preview' }],
      }
    : {
        ...base,
        key: 'revoked',
        title: REVOKED_TITLE,
        layout: 'view',
        elements: [
          { type: 'notice', variant: 'warning', text: REVOKED_NOTICE },
          { type: 'document-preview' },
        ],
      };
}

/** Where a document awaiting its SMS code goes back to: the preview (else the last editing step). */
export function previewStep(template: Template): TemplateStep | null {
  const steps = editingSteps(template);
  return steps.findLast((step) => step.layout === 'preview') ?? steps.at(-1) ?? null;
}
