import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../api/api-client';
import { paths } from '../../config/paths';
import { HomeLink } from '../../ui/home-link';
import { MissingClaimsNotice } from '../../ui/missing-claims-notice';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { useErrorMessage } from '../../ui/use-error-message';

const RESTRICTIONS = [
  'template_not_accessible',
  'template_not_accessible_for_afm_ending',
  'not_civil_servant',
  // Lists kept in the registry and by the template's entity (issue #37).
  'not_certified_translator',
  'not_named_operator',
  'no_work_orgs',
  'no_allowed_work_orgs',
] as const;
type Restriction = (typeof RESTRICTIONS)[number];

/** A refusal of the template for this user (the template page says why, instead of starting). */
export function isRestriction(code: string): code is Restriction {
  return (RESTRICTIONS as readonly string[]).includes(code);
}

/**
 * What a template answer that is not the template means for the citizen (spec sections 2, 6
 * and 8): disabled → the disabled-template page; a restriction → why they cannot use it; missing
 * claims → log in another way; a registry the restriction needs that cannot answer now
 * (`*_try_later`, `data.retry`) → try again. Anything else (404, 5xx) is thrown to the error
 * boundary.
 */
export function TemplateErrorView({
  error,
  refname,
  onRetry,
}: {
  error: unknown;
  refname: string;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('wizard');
  const errorMessage = useErrorMessage();
  const location = useLocation();
  if (!isApiRequestError(error)) throw error;

  if (error.status === 410 || error.code === 'template_disabled') {
    // The page asks the template API for the service that replaced it; nothing rides on the URL.
    return <Navigate to={paths.templates.disabled.getHref(refname)} replace />;
  }

  if (error.code === 'missing_required_claims') {
    const claims = (error.data as { claims?: unknown } | undefined)?.claims;
    return (
      <PageContainer>
        <PageHeading>{t('claims.title')}</PageHeading>
        <MissingClaimsNotice
          claims={Array.isArray(claims) ? claims : []}
          next={`${location.pathname}${location.search}`}
          template={refname}
        />
      </PageContainer>
    );
  }

  if (isRestriction(error.code)) {
    return (
      <PageContainer>
        <PageHeading>{t('restricted.title')}</PageHeading>
        <p className="govgr-body-l">{errorMessage(error)}</p>
        {error.code === 'template_not_accessible_for_afm_ending' ? (
          <p className="govgr-body">{t('restricted.afmEndingHint')}</p>
        ) : (
          <p className="govgr-body">{t('restricted.otherAccount')}</p>
        )}
        <HomeLink />
      </PageContainer>
    );
  }

  const isRetryable = (error.data as { retry?: unknown } | undefined)?.retry === true;
  if (isRetryable && onRetry) {
    return (
      <PageContainer>
        <PageHeading>{t('restricted.tryLaterTitle')}</PageHeading>
        <p className="govgr-body-l">{errorMessage(error)}</p>
        <button type="button" className="govgr-btn govgr-btn-primary" onClick={onRetry}>
          {t('create.retry')}
        </button>
      </PageContainer>
    );
  }

  // template_not_found and the rest: the error boundary picks not-found or the error page.
  throw error;
}
