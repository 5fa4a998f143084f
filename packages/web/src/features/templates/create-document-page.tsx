import { useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PublicTemplate } from '@dilosi/domain';
import { isApiRequestError } from '../../api/api-client';
import { useCurrentUser, type CurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { solveCaptcha, type CaptchaSolution } from '../../lib/captcha/solve-captcha';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useErrorMessage } from '../../ui/use-error-message';
import { useCreateDocument } from './api/create-document';
import { getCaptcha } from './api/get-captcha';
import { useTemplate } from './api/get-template';
import { TemplateErrorView } from './template-error-view';
import { useTemplateQuery } from './template-page';
import './templates.css';

/**
 * /templates/{refname}/create and /templates/{refname}/ui-form[/{step}] (spec sections 2 and
 * 4, step create): needs a user, so without one it goes to login and comes back; anonymous
 * templates log in anonymously and solve a captcha in the browser. Then it creates the document
 * and continues at /issue/{id}/{step}.
 */
export function CreateDocumentPage() {
  const { refname = '' } = useParams();
  const location = useLocation();
  const { user, isPending: isUserPending } = useCurrentUser();
  const template = useTemplate(refname);

  if (isUserPending || template.isPending) return <PageSkeleton />;
  if (template.isError) return <TemplateErrorView error={template.error} refname={refname} />;
  if (!user) {
    const login = paths.auth.login.getHref({
      next: `${location.pathname}${location.search}`,
      template: refname,
      provider: template.data.anonymous ? 'anon' : undefined,
    });
    return <Navigate to={login} replace />;
  }
  return <CreatingDocument key={refname} template={template.data} user={user} />;
}

type Phase = 'captcha' | 'creating' | 'failed';

/** Anonymous users prove work before creating; others only when the server asks for it. */
function needsCaptchaUpfront(template: PublicTemplate, user: CurrentUser): boolean {
  return template.captcha_required && (user.anonymous_login || user.login_provider === 'anon');
}

function CreatingDocument({ template, user }: { template: PublicTemplate; user: CurrentUser }) {
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const locale = useLocale();
  const navigate = useNavigate();
  const query = useTemplateQuery();
  const create = useCreateDocument();
  const [phase, setPhase] = useState<Phase>('creating');
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const isMounted = useRef(false);
  const hasStarted = useRef(false);

  const solve = useCallback(async (): Promise<CaptchaSolution> => {
    setPhase('captcha');
    setProgress(0);
    const challenge = await getCaptcha();
    const solution = await solveCaptcha(challenge, {
      onProgress: (share) => {
        if (isMounted.current) setProgress(share);
      },
    });
    setPhase('creating');
    return solution;
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
        if (code !== 'captcha_required' && code !== 'captcha_invalid') throw failure;
        captcha = await solve();
        document = await create.mutateAsync({ ...input, captcha });
      }
      if (!isMounted.current) return;
      navigate(paths.documents.issue.getHref(document.id, document.step_name), {
        replace: true,
        state: { document },
      });
    } catch (failure) {
      if (!isMounted.current) return;
      setError(failure);
      setPhase('failed');
    }
  }, [create, navigate, query.caller_authorization_id, solve, template, user]);

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
      ![
        'template_disabled',
        'missing_required_claims',
        'template_not_accessible',
        'template_not_accessible_for_afm_ending',
        'not_civil_servant',
      ].includes(apiError.code);
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
        <progress
          className="dilosi-captcha-progress"
          max={100}
          value={Math.round(progress * 100)}
          aria-label={t('create.captchaProgress')}
        />
      ) : null}
    </PageContainer>
  );
}
