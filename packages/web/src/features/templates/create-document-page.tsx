import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginEndpointProvider, type PublicTemplate } from '@dilosi/domain';
import { rememberAnonymousTemplate } from '../../api/anonymous-session';
import { isApiRequestError } from '../../api/api-client';
import { useCurrentUser, type CurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { AltchaWidget } from '../../lib/captcha/altcha-widget';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useErrorMessage } from '../../ui/use-error-message';
import { useCreateDocument } from './api/create-document';
import { useTemplate } from './api/get-template';
import { isRestriction, TemplateErrorView } from './template-error-view';
import type { IdentityLocationState } from './identity-confirmation-page';
import { useTemplateQuery } from './template-query';
import './templates.css';

/**
 * /templates/{refname}/create and /templates/{refname}/ui-form[/{step}] (spec sections 2 and
 * 4, step create): needs a user, so without one it goes to login and comes back; anonymous
 * templates log in anonymously and solve the ALTCHA captcha (its widget) in the browser. A template flagged
 * `confirm_identity` passes the identity step first. Then it creates the document and continues
 * at /issue/{id}/{step}: the step the address names, which the wizard keeps when the new
 * document's state allows it and otherwise replaces with the server's.
 */
export function CreateDocumentPage() {
  const { refname = '', step } = useParams();
  const location = useLocation();
  const query = useTemplateQuery();
  const { user, isPending: isUserPending } = useCurrentUser();
  const template = useTemplate(refname);

  if (isUserPending || template.isPending) return <PageSkeleton />;
  if (template.isError) {
    return (
      <TemplateErrorView
        error={template.error}
        refname={refname}
        onRetry={() => void template.refetch()}
      />
    );
  }
  if (!user) {
    const login = paths.auth.login.getHref({
      next: `${location.pathname}${location.search}`,
      template: refname,
      // A template's own login (issue #37) goes there at once; otherwise the citizen chooses.
      provider: template.data.anonymous
        ? 'anon'
        : (loginEndpointProvider(template.data.login_endpoint) ?? undefined),
    });
    return <Navigate to={login} replace />;
  }
  if (user.anonymous_login) rememberAnonymousTemplate(refname);
  const state = location.state as IdentityLocationState;
  if (template.data.confirm_identity && state?.identityConfirmed !== refname) {
    return (
      <Navigate
        to={paths.templates.step.getHref(refname, 'identity', query)}
        state={{ next: `${location.pathname}${location.search}` }}
        replace
      />
    );
  }
  return (
    <CreatingDocument
      key={refname}
      template={template.data}
      user={user}
      addressStep={step === 'create' ? undefined : step}
    />
  );
}

type Phase = 'captcha' | 'creating' | 'failed';

/** Refusals a fresh captcha answers: solve again and retry once. */
const CAPTCHA_RETRY_CODES = [
  'captcha_required',
  'captcha_invalid',
  'captcha_expired',
  'captcha_already_used',
];

/** Anonymous users solve the captcha before creating; others only when the server asks for it. */
function needsCaptchaUpfront(template: PublicTemplate, user: CurrentUser): boolean {
  return template.captcha_required && (user.anonymous_login || user.login_provider === 'anon');
}

function CreatingDocument({
  template,
  user,
  addressStep,
}: {
  template: PublicTemplate;
  user: CurrentUser;
  /** The step a ui-form address names (…/ui-form/{step}), if any. */
  addressStep: string | undefined;
}) {
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const locale = useLocale();
  const navigate = useNavigate();
  const query = useTemplateQuery();
  const create = useCreateDocument();
  const [phase, setPhase] = useState<Phase>('creating');
  const [error, setError] = useState<unknown>(null);
  const isMounted = useRef(false);
  const hasStarted = useRef(false);

  const captchaSolved = useRef<((payload: string) => void) | null>(null);

  /** Shows the widget and waits for its payload. */
  const solve = useCallback(
    () =>
      new Promise<string>((resolve) => {
        captchaSolved.current = resolve;
        setPhase('captcha');
      }),
    [],
  );
  const onVerified = useCallback((payload: string) => {
    const resolve = captchaSolved.current;
    captchaSolved.current = null;
    setPhase('creating');
    resolve?.(payload);
  }, []);

  const run = useCallback(async () => {
    setError(null);
    try {
      const input = {
        template: template.refname,
        callerAuthorizationId: query.caller_authorization_id,
      };
      let captcha = needsCaptchaUpfront(template, user) ? await solve() : undefined;
      setPhase('creating');
      let document;
      try {
        document = await create.mutateAsync({ ...input, captcha });
      } catch (failure) {
        // The server wants a captcha after all (or the solved one expired): solve and retry once.
        const code = isApiRequestError(failure) ? failure.code : null;
        if (!code || !CAPTCHA_RETRY_CODES.includes(code)) throw failure;
        captcha = await solve();
        document = await create.mutateAsync({ ...input, captcha });
      }
      if (!isMounted.current) return;
      navigate(paths.documents.issue.getHref(document.id, addressStep ?? document.step_name), {
        replace: true,
        state: { document },
      });
    } catch (failure) {
      if (!isMounted.current) return;
      setError(failure);
      setPhase('failed');
    }
  }, [addressStep, create, navigate, query.caller_authorization_id, solve, template, user]);

  useEffect(() => {
    isMounted.current = true;
    if (!hasStarted.current) {
      hasStarted.current = true;
      void run();
    }
    return () => {
      isMounted.current = false;
    };
  }, [run]);

  if (phase === 'failed' && error) {
    const apiError = isApiRequestError(error) ? error : null;
    const isLocal =
      apiError !== null &&
      apiError.status < 500 &&
      apiError.status !== 404 &&
      !['template_disabled', 'missing_required_claims'].includes(apiError.code) &&
      !isRestriction(apiError.code);
    if (apiError && !isLocal)
      return <TemplateErrorView error={apiError} refname={template.refname} />;
    const message = errorMessage(error, apiError ? t('create.failed') : t('create.captchaFailed'));
    return (
      <PageContainer>
        <div className="govgr-error-summary" role="alert">
          <h2 className="govgr-heading-m">{t('create.failed')}</h2>
          <p className="govgr-body">{message}</p>
        </div>
        <PageHeading caption={template.title[locale]}>{t('create.title')}</PageHeading>
        <button type="button" className="govgr-btn govgr-btn-primary" onClick={() => void run()}>
          {t('create.retry')}
        </button>
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      <PageHeading caption={template.title[locale]}>{t('create.title')}</PageHeading>
      <div className="dilosi-creating" aria-busy="true">
        <span className="govgr-loader govgr-loader--small" aria-hidden="true" />
        <p role="status" className="govgr-body">
          {phase === 'captcha' ? t('create.captchaChecking') : t('create.creating')}
        </p>
      </div>
      {phase === 'captcha' ? (
        <div className="dilosi-captcha">
          <AltchaWidget
            onVerified={onVerified}
            strings={{
              label: t('create.captchaLabel'),
              verifying: t('create.captchaChecking'),
              verified: t('create.captchaVerified'),
              error: t('create.captchaFailed'),
              expired: t('create.captchaExpired'),
            }}
          />
        </div>
      ) : null}
    </PageContainer>
  );
}
