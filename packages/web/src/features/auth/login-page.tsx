import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LoginProvider } from '../../api/auth';
import { paths } from '../../config/paths';
import { useAppConfig } from '../../api/get-app-config';
import { PageContainer } from '../../ui/page-container';
import { beginLogin } from './login-verifier';
import { PageHeading } from '../../ui/page-heading';
import { LoginErrorPanel } from './login-error-panel';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useTemplateLogin } from './api/template-login';

const CITIZEN_PROVIDERS: LoginProvider[] = ['gsis', 'bank'];

function isProvider(value: string | null): value is LoginProvider {
  return value === 'gsis' || value === 'bank' || value === 'gsis_admin' || value === 'anon';
}

/**
 * /login (spec section 2): query next, template, provider, error_code, mobileWarn, admin. With a
 * provider and no error it goes straight to that provider; otherwise it offers the choices: only
 * the template's own login when the template names one (issue #37).
 */
export function LoginPage({ adminOnly = false }: { adminOnly?: boolean }) {
  const { t } = useTranslation('auth');
  const { flags } = useAppConfig();
  const [searchParams] = useSearchParams();
  const next = searchParams.get('next');
  const template = searchParams.get('template');
  const provider = searchParams.get('provider');
  const errorCode = searchParams.get('error_code');
  const isAdmin =
    adminOnly ||
    ['1', 'true'].includes(searchParams.get('admin') ?? '') ||
    (next?.startsWith('/dashboard') ?? false);
  const mobileWarn = searchParams.has('mobileWarn');
  const autoProvider = !errorCode && isProvider(provider) ? provider : null;
  const templateLogin = useTemplateLogin(template && !isAdmin && !autoProvider ? template : null);
  const only =
    templateLogin.data === 'gsis' || templateLogin.data === 'bank' ? templateLogin.data : null;

  useEffect(() => {
    if (autoProvider) window.location.replace(beginLogin(autoProvider, { next, template }));
  }, [autoProvider, next, template]);

  const providers: LoginProvider[] = isAdmin ? ['gsis_admin'] : only ? [only] : CITIZEN_PROVIDERS;
  const label = (p: LoginProvider) =>
    p === 'gsis_admin' ? t('login.admin') : t(`login.${p as 'gsis' | 'bank'}`);
  const hint = (p: LoginProvider) =>
    p === 'gsis_admin' ? t('login.adminLead') : t(`login.${p as 'gsis' | 'bank'}Hint`);

  if (templateLogin.isLoading) return <PageSkeleton />;

  return (
    <PageContainer>
      {errorCode ? <LoginErrorPanel code={errorCode} /> : null}
      <PageHeading>{isAdmin ? t('login.adminTitle') : t('login.title')}</PageHeading>
      {flags.DEVEL ? (
        <div className="govgr-warning-text">
          <span className="govgr-warning-text__icon" aria-hidden="true">
            !
          </span>
          <strong className="govgr-warning-text__text">{t('login.devNotice')}</strong>
        </div>
      ) : null}
      {mobileWarn && !isAdmin ? (
        <p className="govgr-body dilosi-notice">{t('login.mobileWarn')}</p>
      ) : null}
      {!isAdmin ? <p className="govgr-body-l">{t('login.lead')}</p> : null}
      {only ? <p className="govgr-body dilosi-notice">{t('login.templateOnly')}</p> : null}
      <ul className="dilosi-login-choices">
        {providers.map((p) => (
          <li key={p} className="dilosi-login-choice">
            {/* The link opens this page with the provider (a new tab starts its own login and
                keeps its own verifier); a click starts the login here at once. */}
            <a
              className="govgr-btn govgr-btn-primary"
              href={paths.auth.login.getHref({
                provider: p,
                next: next ?? undefined,
                template: template ?? undefined,
              })}
              onClick={(event) => {
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
                if (event.altKey) return;
                event.preventDefault();
                window.location.assign(beginLogin(p, { next, template }));
              }}
            >
              {label(p)}
            </a>
            <p className="govgr-hint">{hint(p)}</p>
          </li>
        ))}
      </ul>
      {!isAdmin ? <p className="govgr-body">{t('login.naturalPersonsOnly')}</p> : null}
    </PageContainer>
  );
}

export function DashboardLoginPage() {
  return <LoginPage adminOnly />;
}
