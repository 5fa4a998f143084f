import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  REQUIRED_ACTIONS,
  loginEndpointProvider,
  type RequiredAction,
  type StepInfo,
} from '@dilosi/domain';
import type { CurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { WizardNotice } from './wizard-notice';

/**
 * What the current step still needs of the session (issue #37), as far as the browser can tell:
 * a login through the step's `loginURL`, the consent to the certified mobile. The server decides
 * (403 action_required); this spares the citizen a form she could not send.
 */
export function unmetStepRequirement(
  info: StepInfo,
  user: Pick<CurrentUser, 'login_provider' | 'mobile_certified'> | null,
): RequiredAction | null {
  if (info.loginURL) {
    const provider = loginEndpointProvider(info.loginURL);
    const loggedInThere = provider ? user?.login_provider === provider : user !== null;
    if (!loggedInThere) return { name: 'login', url: info.loginURL };
  }
  if (info.requireMobileConsent && info.consent_method === 'otp' && !user?.mobile_certified) {
    return { name: 'consent', url: paths.auth.consent.getHref() };
  }
  return null;
}

/** The action of a 403 action_required (spec section 8, a wrapped error with an action). */
export function requiredActionOf(data: unknown): RequiredAction | null {
  const action = (data as { action?: { name?: unknown; url?: unknown } } | undefined)?.action;
  if (!action || typeof action.url !== 'string') return null;
  const name = REQUIRED_ACTIONS.find((known) => known === action.name);
  return name ? { name, url: action.url } : null;
}

type StepRequirementNoticeProps = {
  action: RequiredAction;
  /** Where the citizen comes back to: this step. */
  next: string;
  template: string;
};

/**
 * A login or consent the step waits for: the consent page at once (it comes back here), or a
 * notice with a link to log in again through the step's login. A step-up is asked on the page.
 */
export function StepRequirementNotice({ action, next, template }: StepRequirementNoticeProps) {
  const { t } = useTranslation('wizard');
  if (action.name === 'consent')
    return <Navigate to={paths.auth.consent.getHref({ next })} replace />;
  if (action.name !== 'login') return null;
  const provider = loginEndpointProvider(action.url);
  return (
    <WizardNotice variant="info" title={t('stepRequirements.loginTitle')}>
      <p className="govgr-body">
        {provider
          ? t('stepRequirements.loginBody', {
              provider: t(`stepRequirements.providers.${provider}`),
            })
          : t('stepRequirements.loginAny')}
      </p>
      <p className="govgr-body">
        <Link
          className="govgr-btn govgr-btn-primary"
          to={paths.auth.login.getHref({ next, template, provider: provider ?? undefined })}
        >
          {t('stepRequirements.loginLink')}
        </Link>
      </p>
    </WizardNotice>
  );
}
