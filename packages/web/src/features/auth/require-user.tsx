import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentUser } from '../../api/auth';
import { paths } from '../../config/paths';
import { PageSkeleton } from '../../ui/page-skeleton';

/**
 * Private route groups: without a session, to the login page keeping `next` (admins' pages to the
 * dashboard login). The server still checks every request; this only spares a useless page.
 */
export function RequireUser({ admin = false }: { admin?: boolean }) {
  const { user, isPending } = useCurrentUser();
  const location = useLocation();
  const next = `${location.pathname}${location.search}`;
  if (isPending) return <PageSkeleton />;
  if (!user) {
    const to = admin
      ? paths.auth.dashboardLogin.getHref({ next })
      : paths.auth.login.getHref({ next });
    return <Navigate to={to} replace />;
  }
  if (admin && !user.is_admin)
    return <Navigate to={paths.auth.dashboardLogin.getHref({ next })} replace />;
  return <Outlet />;
}
