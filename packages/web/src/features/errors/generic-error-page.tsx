import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';

type GenericErrorPageProps = {
  /** The error that led here; its stack is shown only in development builds. */
  error?: unknown;
  /** Offered as "try again" when the failed action can simply be repeated. */
  onRetry?: () => void;
};

function describe(error: unknown): string | null {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  if (error === undefined || error === null) return null;
  try {
    return JSON.stringify(error, null, 2);
  } catch {
    return String(error);
  }
}

/** `/error` and the page any unexpected failure ends on (spec section 8). */
export function GenericErrorPage({ error, onRetry }: GenericErrorPageProps) {
  const { t } = useTranslation();
  const details = import.meta.env.DEV ? describe(error) : null;
  // Reached through a failure (not by visiting /error): reloading may well fix it.
  const hasFailure = onRetry !== undefined || error !== undefined;

  return (
    <PageContainer>
      <PageHeading>{t('pages.error.title')}</PageHeading>
      <p className="govgr-body">{t('pages.error.body')}</p>
      <p className="govgr-body">{t('pages.error.later')}</p>
      <div className="govgr-button-group">
        {hasFailure ? (
          <button
            type="button"
            className="govgr-btn govgr-btn-primary"
            onClick={onRetry ?? (() => window.location.reload())}
          >
            {t('pages.error.retry')}
          </button>
        ) : null}
        <Link className="govgr-link" to={paths.root.getHref()} reloadDocument={hasFailure}>
          {t('pages.common.homeLink')}
        </Link>
      </div>
      {details ? (
        <details className="govgr-details">
          <summary className="govgr-details__summary">
            <span className="govgr-details__summary-text">{t('pages.error.technicalDetails')}</span>
          </summary>
          <pre className="dilosi-error-details">{details}</pre>
        </details>
      ) : null}
    </PageContainer>
  );
}
