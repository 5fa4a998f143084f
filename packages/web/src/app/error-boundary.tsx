import { Component, Suspense, useEffect, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { isApiRequestError } from '../api/api-client';
import { paths } from '../config/paths';
import { showToast } from '../ui/toasts';
import { GenericErrorPage, NotFoundPage, PermissionDeniedPage } from './lazy-pages';

/** Maps an error thrown while rendering a page to the page that explains it (spec section 8). */
export function ErrorPageFor({ error }: { error: unknown }) {
  const status = isApiRequestError(error) ? error.status : undefined;
  const code = isApiRequestError(error) ? error.code : undefined;
  if (status === 404 || code === 'document_api__declaration_not_found') return <NotFoundPage />;
  // Spec section 6: on an entity's pages, a refused role sends the dashboard to the entities
  // list (a deactivated clerk lands there on their very next request).
  if (status === 403 && window.location.pathname.startsWith('/dashboard/entities/show/')) {
    return <BackToEntities code={code ?? 'permission_denied'} />;
  }
  if (status === 401 || status === 403) return <PermissionDeniedPage />;
  return <GenericErrorPage error={error} />;
}

type ErrorBoundaryProps = {
  children: ReactNode;
  /** Changing it (the path) clears the error, so navigating away leaves the error page. */
  resetKey: string;
};

type ErrorBoundaryState = { error: unknown; hasError: boolean; resetKey: string };

/** Catches render errors of a page; header and footer stay, the page area shows the error. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = {
    error: undefined,
    hasError: false,
    resetKey: this.props.resetKey,
  };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(
    props: ErrorBoundaryProps,
    state: ErrorBoundaryState,
  ): Partial<ErrorBoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: undefined, hasError: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    if (import.meta.env.DEV) console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return (
      <Suspense fallback={null}>
        <ErrorPageFor error={this.state.error} />
      </Suspense>
    );
  }
}

function BackToEntities({ code }: { code: string }) {
  const { t } = useTranslation('errors');
  useEffect(() => {
    showToast('error', () =>
      t(code as 'permission_denied', { defaultValue: t('permission_denied') }),
    );
  }, [code, t]);
  return <Navigate to={paths.dashboard.entities.getHref()} replace />;
}
