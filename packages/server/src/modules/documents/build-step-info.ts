import {
  renderDocumentPreview,
  type DocumentState,
  type LocalizedText,
  type StepInfo,
  type Template,
  type TemplateStep,
} from '@dilosi/domain';
import { wizardSteps } from '../templates';
import {
  previewStep,
  previousEditingStep,
  resolveStepFields,
  type DocumentContent,
} from './document-content';

const NEXT: LocalizedText = { el: 'Συνέχεια', en: 'Continue', fr: 'Continuer' };
const SUBMIT: LocalizedText = { el: 'Υποβολή', en: 'Submit', fr: 'Soumettre' };

function actionsOf(step: TemplateStep): StepInfo['actions'] {
  switch (step.layout) {
    case 'form':
    case 'recipient':
      return [{ key: 'next', label: NEXT, primary: true }];
    case 'preview':
      return [{ key: 'submit', label: SUBMIT, primary: true }];
    default:
      return [];
  }
}

/**
 * The step a document is at, as the wizard renders it (stepInfoSchema): every field the step
 * mentions with its current value and whether the citizen may change it, the fieldsets in
 * order, the actions, the back step and, on preview/view/issued layouts, the document text.
 */
export function buildStepInfo(input: {
  template: Template;
  step: TemplateStep;
  state: DocumentState;
  content: DocumentContent;
}): StepInfo {
  const { template, step, state, content } = input;
  const fields = resolveStepFields(template, step, content);
  const isEditing = state === 'editing';
  const showsDocument =
    step.layout === 'preview' || step.layout === 'view' || step.layout === 'issued';
  return {
    key: step.key,
    title: step.title,
    layout: step.layout,
    noContainer: step.noContainer,
    skipIfNotEditable: step.skipIfNotEditable,
    requireUser: step.requireUser,
    'wizard-step': step['wizard-step'],
    'wizard-steps': wizardSteps(template.type),
    elements: step.elements,
    footer: step.footer,
    fieldsets: Object.fromEntries(
      step.fieldsets.map(({ key, ...fieldset }) => [key, fieldset] as const),
    ),
    'fieldset-order': step.fieldsets.map((fieldset) => fieldset.key),
    // The form's fields; fields named only by elements (value-list, tabular-list) are read-only content.
    'field-order': step.fieldsets.flatMap((fieldset) => fieldset.fields),
    fields: Object.fromEntries(fields.map((field) => [field.key, field] as const)),
    rules: step.rules,
    actions: isEditing ? actionsOf(step) : [],
    'back-step': isEditing
      ? (previousEditingStep(template, step.key, content)?.key ?? null)
      : state === 'requested'
        ? (previewStep(template)?.key ?? null)
        : null,
    'is-final-view': state === 'issued' || state === 'revoked',
    preview: showsDocument
      ? renderDocumentPreview(template, content.values, content.recipient)
      : null,
  };
}
