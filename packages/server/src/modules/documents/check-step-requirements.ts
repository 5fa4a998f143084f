import {
  loginEndpointProvider,
  type RequiredAction,
  type Template,
  type TemplateStep,
} from '@dilosi/domain';
import { AppError } from '../../lib/app-error';
import type { CurrentUser } from '../auth';

/** The refusal of a step waiting for something done elsewhere (spec section 8, wrapped error). */
export function actionRequired(action: RequiredAction): AppError {
  return new AppError(403, 'action_required', { action });
}

/**
 * Whether the person consented to the use of her certified mobile, as the template's consent
 * method reads it: `otp` (the only one) needs a certified mobile, since the codes go to it, and
 * the onboarding not answered no.
 */
export function hasMobileConsent(template: Template, user: CurrentUser): boolean {
  switch (template.consent_method) {
    case 'otp':
      return (
        user.record.mobile_certified &&
        user.record.consents.mobile_use_nnc_onboarding?.value !== false
      );
  }
}

/**
 * What an editing step needs of the session before it goes on (issue #37), refused with 403
 * action_required and the action: a login through the step's `loginURL` (a session of another
 * provider logs in again there), then the mobile consent of `requireMobileConsent` (/consent).
 * The step-up of the template or step is checked by the caller, which knows the document.
 */
export function checkStepRequirements(
  template: Template,
  step: TemplateStep,
  user: CurrentUser,
): void {
  if (step.loginURL) {
    const provider = loginEndpointProvider(step.loginURL);
    const loggedInThere = provider ? user.provider === provider : !user.isAnonymous;
    if (!loggedInThere) throw actionRequired({ name: 'login', url: step.loginURL });
  }
  if (step.requireMobileConsent && !hasMobileConsent(template, user)) {
    throw actionRequired({ name: 'consent', url: '/consent' });
  }
}
