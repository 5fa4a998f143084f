import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../api/api-client';
import { exchangeLoginCode, useStartSession } from '../../api/auth';
import { takeLoginVerifier } from './login-verifier';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

/** Only a path on this site may be a destination: no scheme, no '//' or '/\' host. */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\'))
    return null;
  return next;
}

/** Spec section 4 (Login): the code from the hash, then the token, then the profile. */
export function readLoginCode(hash: string): { code: string } | { error: string } {
  const code = new URLSearchParams(hash.replace(/^#/, '')).get('code') ?? '';
  if (!code) return { error: 'no_code' };
  if (code.length <= 10) return { error: 'invalid_code_len' };
  return { code };
}

export function LoginTokenPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const startSession = useStartSession();
  const started = useRef(false);
  const next = safeNext(searchParams.get('next'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const parsed = readLoginCode(window.location.hash);
    // The code is single use: take it out of the address bar and history at once.
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    );
    const fail = (code: string) =>
      navigate(paths.auth.login.getHref({ error_code: code, next: next ?? undefined }), {
        replace: true,
      });
    if ('error' in parsed) {
      void fail(parsed.error);
      return;
    }
    // The verifier this tab kept when it started the login: the code works only with it.
    exchangeLoginCode(parsed.code, takeLoginVerifier()).then(
      (response) => {
        startSession(response);
        const fallback = response.user.is_admin
          ? paths.dashboard.root.getHref()
          : paths.root.getHref();
        const target = next ?? fallback;
        // A citizen without a certified mobile is asked about it first (mobile onboarding).
        const destination = response.user.ask_mobile_use_nnc_onboarding
          ? paths.auth.consent.getHref({ next: target })
          : target;
        void navigate(destination, { replace: true });
      },
      (error: unknown) =>
        void fail(isApiRequestError(error) && error.status < 500 ? 'code_error' : 'code_js_error'),
    );
  }, [navigate, next, startSession]);

  return (
    <PageContainer>
      <PageHeading>{t('token.title')}</PageHeading>
      <p className="govgr-body" role="status">
        {t('token.wait')}
      </p>
    </PageContainer>
  );
}
