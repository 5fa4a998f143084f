import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser, useLogout } from '../../api/auth';
import { paths } from '../../config/paths';
import { PageContainer } from '../../ui/page-container';
import { PageHeading } from '../../ui/page-heading';
import { PageSkeleton } from '../../ui/page-skeleton';
import { useErrorMessage } from '../../ui/use-error-message';

/**
 * Private route groups: without a session, to the login page keeping `next` (admins' pages to the
 * dashboard login). The server still checks every request; this only spares a useless page.
 * A profile refused (401, 404) while the app starts shows why, with a way to log in again.
 */
export function RequireUser({ admin = false }: { admin?: boolean }) {
  const { user, isPending, startError } = useCurrentUser();
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  const loginHref = admin
    ? paths.auth.dashboardLogin.getHref({ next })
    : paths.auth.login.getHref({ next });
  if (isPending) return <PageSkeleton />;
  if (startError) return <SessionStartError error={startError} loginHref={loginHref} />;
  if (!user) return <Navigate to={loginHref} replace />;
  if (admin && !user.is_admin)
    return <Navigate to={paths.auth.dashboardLogin.getHref({ next })} replace />;
  return <Outlet />;
}

function SessionStartError({ error, loginHref }: { error: unknown; loginHref: string }) {
  const { t } = useTranslation('auth');
  const errorMessage = useErrorMessage();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <PageContainer>
      <PageHeading>{t('sessionStart.title')}</PageHeading>
      <div className="govgr-error-summary" role="alert">
        <p className="govgr-body">{errorMessage(error)}</p>
      </div>
      <p className="govgr-body">{t('sessionStart.body')}</p>
      <button
        type="button"
        className="govgr-btn govgr-btn-primary"
        onClick={() => void logout().then(() => navigate(loginHref, { replace: true }))}
      >
        {t('sessionStart.loginAgain')}
      </button>
    </PageContainer>
  );
}
