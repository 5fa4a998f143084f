import {
  isCaptchaRequired,
  type LocalizedText,
  type PublicTemplate,
  type Template,
  type TemplateSummary,
  type TemplateType,
} from '@dilosi/domain';

const FILL_IN: LocalizedText = { el: 'Συμπλήρωση', en: 'Fill in', fr: 'Saisie' };
const RECIPIENT: LocalizedText = { el: 'Παραλήπτης', en: 'Recipient', fr: 'Destinataire' };
const PREVIEW: LocalizedText = { el: 'Προεπισκόπηση', en: 'Preview', fr: 'Aperçu' };
const PREVIEW_AND_ISSUE: LocalizedText = {
  el: 'Προεπισκόπηση και έκδοση',
  en: 'Preview and issue',
  fr: 'Aperçu et émission',
};
const CONFIRMATION: LocalizedText = {
  el: 'Επιβεβαίωση',
  en: 'Confirmation',
  fr: 'Confirmation',
};

/**
 * The step indicator: 4 steps for declarations and applications, 3 for authorisations; an
 * entity's document has 2 (filled in, then previewed and issued through the confirm dialog).
 */
export function wizardSteps(
  type: TemplateType,
  issuer: Template['issuer'] = 'citizen',
): LocalizedText[] {
  if (issuer === 'entity') return [FILL_IN, PREVIEW_AND_ISSUE];
  return type === 'authorisation'
    ? [FILL_IN, PREVIEW, CONFIRMATION]
    : [FILL_IN, RECIPIENT, PREVIEW, CONFIRMATION];
}

export function toTemplateSummary(template: Template): TemplateSummary {
  return {
    refname: template.refname,
    version: template.version,
    code: template.code,
    type: template.type,
    shortname: template.shortname,
    title: template.title,
  };
}

/**
 * What the template page and the wizard need before creation. `captcha_required` is true when
 * the caller would create anonymously (nobody logged in yet, or an anonymous login).
 */
export function toPublicTemplate(
  template: Template,
  caller: { isAnonymous: boolean } | null,
): PublicTemplate {
  return {
    ...toTemplateSummary(template),
    description: template.description,
    enabled: template.enabled,
    collectable: template.collectable,
    confirm_identity: template.confirm_identity,
    anonymous: template.anonymous,
    captcha_required: isCaptchaRequired(template, caller ?? { isAnonymous: true }),
    anonymous_confirmation: template.anonymous ? template.anonymous_confirmation : [],
    required_claims: template.required_claims,
    login_endpoint: template.login_endpoint ?? null,
    'intro-step': template.steps_spec['intro-step'] ?? null,
    'steps-order': template.steps_spec['steps-order'],
    'wizard-steps': wizardSteps(template.type, template.issuer),
    steps: template.steps_spec.steps.map((step) => ({
      key: step.key,
      title: step.title,
      requireUser: step.requireUser,
      layout: step.layout,
      'wizard-step': step['wizard-step'],
    })),
  };
}
