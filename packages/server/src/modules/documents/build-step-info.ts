import {
  renderDocumentPreview,
  type DocumentState,
  type LocalizedText,
  type StepField,
  type StepInfo,
  type Template,
  type TemplateStep,
} from '@dilosi/domain';
import { OTP_FIELD_KEY } from '../issuance';
import { wizardSteps } from '../templates';
import {
  previewStep,
  previousEditingStep,
  resolveStepFields,
  type DocumentContent,
} from './document-content';

const NEXT: LocalizedText = { el: 'Συνέχεια', en: 'Continue', fr: 'Continuer' };
const SUBMIT: LocalizedText = { el: 'Υποβολή', en: 'Submit', fr: 'Soumettre' };
const ISSUE: LocalizedText = { el: 'Έκδοση', en: 'Issue', fr: 'Émettre' };

const CONFIRM: LocalizedText = { el: 'Επιβεβαίωση', en: 'Confirm', fr: 'Confirmer' };
const RESEND: LocalizedText = {
  el: 'Αποστολή νέου κωδικού',
  en: 'Send a new code',
  fr: 'Envoyer un nouveau code',
};

const OTP_FIELDSET_KEY = 'otp_set';

function otpField(maskedMobile: string | null): StepField {
  const to = maskedMobile
    ? { el: `στο ${maskedMobile}`, en: `to ${maskedMobile}`, fr: `au ${maskedMobile}` }
    : {
        el: 'στο πιστοποιημένο κινητό σας',
        en: 'to your certified mobile',
        fr: 'à votre mobile certifié',
      };
  return {
    key: OTP_FIELD_KEY,
    component: 'string',
    label: { el: 'Κωδικός επιβεβαίωσης', en: 'Confirmation code', fr: 'Code de confirmation' },
    hint: {
      el: `Ο εξαψήφιος κωδικός που στάλθηκε με SMS ${to.el}.`,
      en: `The six-digit code sent by SMS ${to.en}.`,
      fr: `Le code à six chiffres envoyé par SMS ${to.fr}.`,
    },
    required: true,
    editable: true,
    external_immutable: false,
    normalize_upper: false,
    'component-params': { max_length: 6 },
  };
}

/** The confirm step's input: the SMS code, and the actions confirm and resend. */
function withOtpInput(info: StepInfo, maskedMobile: string | null): StepInfo {
  return {
    ...info,
    fieldsets: { ...info.fieldsets, [OTP_FIELDSET_KEY]: { fields: [OTP_FIELD_KEY] } },
    'fieldset-order': [...info['fieldset-order'], OTP_FIELDSET_KEY],
    'field-order': [...info['field-order'], OTP_FIELD_KEY],
    fields: { ...info.fields, [OTP_FIELD_KEY]: otpField(maskedMobile) },
    actions: [
      { key: 'submit', label: CONFIRM, primary: true },
      { key: 'resend_otp', label: RESEND, primary: false },
    ],
  };
}

/** A select named by its dataset is read level by level from the API: its tree stays here. */
function withoutDatasetTree(field: StepField): StepField {
  const params = field['component-params'];
  if (params.dataset === undefined || params.tree === undefined) return field;
  const { tree: _tree, ...rest } = params;
  return { ...field, 'component-params': rest };
}

/** What an editing step needs of the session (issue #37), as step_info says it. */
function stepRequirements(template: Template, step: TemplateStep) {
  const stepUp = step.step_up ?? template.step_up ?? null;
  return {
    loginURL: step.loginURL ?? null,
    requireMobileConsent: step.requireMobileConsent,
    consent_method: template.consent_method,
    step_up: stepUp && { max_age_minutes: stepUp.max_age_minutes },
  };
}

function actionsOf(step: TemplateStep, issuer: Template['issuer']): StepInfo['actions'] {
  switch (step.layout) {
    case 'form':
    case 'recipient':
      return [{ key: 'next', label: NEXT, primary: true }];
    case 'preview':
      // An entity issues at once (after the reply-confirm dialog); a citizen asks for the code.
      return [{ key: 'submit', label: issuer === 'entity' ? ISSUE : SUBMIT, primary: true }];
    default:
      return [];
  }
}

/**
 * The step a document is at, as the wizard renders it (stepInfoSchema): every field the step
 * mentions with its current value and whether the citizen may change it, the fieldsets in
 * order, the actions, the back step and, on preview/view/issued layouts, the document text.
 * Awaiting the SMS code (requested), the step also asks for the code (`otp_code`); issued and
 * revoked documents are at a fixed final step (finalStep) with nothing to change, an issued one
 * with its PDF (`document-pdf`).
 */
export function buildStepInfo(input: {
  /** The document's id, for the step's poll endpoint. */
  documentId?: string;
  template: Template;
  step: TemplateStep;
  state: DocumentState;
  content: DocumentContent;
  /** Requested: where the SMS code went (69******78). */
  maskedMobile?: string | null;
  /** Issued: the PDF's download name (`document-pdf`); null before issuance and once revoked. */
  pdfFilename?: string | null;
}): StepInfo {
  const { template, step, state, content } = input;
  const fields = resolveStepFields(template, step, content);
  const isEditing = state === 'editing';
  const showsDocument =
    step.layout === 'preview' || step.layout === 'view' || step.layout === 'issued';
  const info: StepInfo = {
    key: step.key,
    title: step.title,
    layout: step.layout,
    noContainer: step.noContainer,
    skipIfNotEditable: step.skipIfNotEditable,
    requireUser: step.requireUser,
    ...(isEditing && stepRequirements(template, step)),
    'wizard-step': step['wizard-step'],
    'wizard-steps': wizardSteps(template.type, template.issuer),
    elements: step.elements,
    footer: step.footer,
    fieldsets: Object.fromEntries(
      step.fieldsets.map(({ key, ...fieldset }) => [key, fieldset] as const),
    ),
    'fieldset-order': step.fieldsets.map((fieldset) => fieldset.key),
    // The form's fields; fields named only by elements (value-list, tabular-list) are read-only content.
    'field-order': step.fieldsets.flatMap((fieldset) => fieldset.fields),
    fields: Object.fromEntries(
      fields.map((field) => [field.key, withoutDatasetTree(field)] as const),
    ),
    rules: step.rules,
    actions: isEditing ? actionsOf(step, template.issuer) : [],
    'back-step': isEditing
      ? (previousEditingStep(template, step.key, content)?.key ?? null)
      : state === 'requested'
        ? (previewStep(template)?.key ?? null)
        : null,
    'is-final-view': state === 'issued' || state === 'revoked',
    // Registry look-ups (issue #36): the step's poll endpoint, relative to /api.
    ...(isEditing &&
      input.documentId &&
      step.lookups?.length && {
        poll: {
          endpoint: `my-declarations/${input.documentId}/lookups`,
          id_field: 'poll_id',
          lookups: step.lookups.map((lookup) => ({
            registry: lookup.registry,
            fields: Object.keys(lookup.fields),
          })),
        },
      }),
    preview: showsDocument
      ? renderDocumentPreview(template, content.values, content.recipient)
      : null,
    // No download address on a read: it is minted by the `pdf` action, when one is wanted.
    'document-pdf': input.pdfFilename
      ? { 'content-uri': null, filename: input.pdfFilename, action: 'pdf' }
      : null,
  };
  return state === 'requested' ? withOtpInput(info, input.maskedMobile ?? null) : info;
}
