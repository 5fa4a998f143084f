import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { hasEntityRole } from '@dilosi/domain';
import { paths } from '../../config/paths';
import { PageSkeleton } from '../../ui/page-skeleton';
import { showToast } from '../../ui/toasts';
import { useGateLayout } from './api/get-gate-layout';
import { useMyEntities } from './api/list-my-entities';

/** Without a role here: the spec's 'permission to inbox denied', then the first page one may open. */
function InboxDenied() {
  const { t } = useTranslation('errors');
  useEffect(() => {
    showToast('error', () => t('inbox_permission_denied'));
  }, [t]);
  return <Navigate to={paths.dashboard.entities.getHref()} replace />;
}

/**
 * /dashboard/entities/show/{id}: the page the entity's gate layout names for the caller's roles
 * (settings, head, clerk order); none gives 'permission to inbox denied' (spec section 7).
 */
export function EntityLanding() {
  const { entityId } = useParams();
  const entities = useMyEntities();
  const entity = entities.data?.data.find((e) => e.id === entityId);
  const layout = useGateLayout(entity?.codename);
  if (entities.isPending) return <PageSkeleton />;
  if (entities.isError) throw entities.error;
  if (!entity) return <InboxDenied />;
  // A KEP's officer lands on the in-person confirmations (issue #37).
  if (entity.is_kep && hasEntityRole(entity.roles, 'clerk')) {
    return <Navigate to={paths.dashboard.kep.getHref(entity.id)} replace />;
  }
  if (layout.isPending) return <PageSkeleton />;
  const landing = layout.data?.data['landing-url'];
  if (!landing) return <InboxDenied />;
  return <Navigate to={landing} replace />;
}

/** /dashboard: the entity list, which also tells someone without any entity how to ask for one. */
export function DashboardLanding() {
  return <Navigate to={paths.dashboard.entities.getHref()} replace />;
}
