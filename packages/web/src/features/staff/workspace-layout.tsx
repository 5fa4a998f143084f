import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation, useMatch, useParams } from 'react-router';
import {
  hasEntityRole,
  RESOURCE_NAMES,
  RESOURCE_ROLES,
  type DashboardEntity,
} from '@dilosi/domain';
import { paths } from '../../config/paths';
import { useLocale } from '../../i18n/use-locale';
import { useMyEntities } from './api/list-my-entities';
import '../../ui/dashboard.css';

/**
 * The current entity's resources, for who holds a resource's role (a head holds them all; the
 * other pages have their own tabs): a link to the first one the caller may open.
 */
function EntityResources({ entity }: { entity: DashboardEntity }) {
  const { t } = useTranslation('dashboard');
  const first = RESOURCE_NAMES.find((name) => hasEntityRole(entity.roles, RESOURCE_ROLES[name]));
  // A KEP's officers confirm anonymous requests in person (issue #37).
  const isKepOfficer = entity.is_kep === true && hasEntityRole(entity.roles, 'clerk');
  if (!first && !isKepOfficer) return null;
  return (
    <ul className="dilosi-workspace-subnav">
      {isKepOfficer ? (
        <li>
          <NavLink to={paths.dashboard.kep.getHref(entity.id)}>{t('kep.nav')}</NavLink>
        </li>
      ) : null}
      {first ? (
        <li>
          <NavLink to={paths.dashboard.resource.getHref(entity.id, first)}>
            {entity.roles.includes('head')
              ? t('workspace.resources')
              : t(`resources.${first}.title` as 'resources.notifications.title')}
          </NavLink>
        </li>
      ) : null}
    </ul>
  );
}

/** The sidebar: my entities with their counters, then my requests in other entities. */
function WorkspaceSidebar() {
  const { t } = useTranslation('dashboard');
  const locale = useLocale();
  const { pathname } = useLocation();
  const { entityId } = useParams();
  const entities = useMyEntities();
  // The entity list page is itself the full list of my entities: the group would repeat it.
  const isEntityList = useMatch(paths.dashboard.entities.path) !== null;
  // Open on the page where it was opened: choosing a page closes the menu on a phone.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const isOpen = openOn === pathname;
  const menuId = useId();
  const entitiesHeading = useId();
  const requestsHeading = useId();

  return (
    <nav className="dilosi-workspace-nav" aria-label={t('workspace.nav')}>
      <button
        type="button"
        className="govgr-btn govgr-btn-secondary dilosi-workspace-toggle"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpenOn(isOpen ? null : pathname)}
      >
        {t('workspace.menu')}
      </button>
      <div id={menuId} className="dilosi-workspace-menu" data-open={isOpen}>
        {isEntityList ? null : (
          <>
            <h2 id={entitiesHeading} className="govgr-heading-s">
              {t('workspace.myEntities')}
            </h2>
            <ul aria-labelledby={entitiesHeading} className="dilosi-workspace-list">
              {(entities.data?.data ?? []).map((entity) => (
                <li key={entity.id}>
                  <NavLink to={paths.dashboard.entity.getHref(entity.id)} end={false}>
                    {entity.display_name[locale]}
                  </NavLink>
                  {entity.counts ? (
                    <span className="dilosi-workspace-counts">
                      {t('workspace.counts', {
                        incoming: entity.counts.incoming,
                        me: entity.counts.me,
                      })}
                    </span>
                  ) : null}
                  {entity.id === entityId ? <EntityResources entity={entity} /> : null}
                </li>
              ))}
            </ul>
          </>
        )}
        <h2 id={requestsHeading} className="govgr-heading-s">
          {t('workspace.otherEntities')}
        </h2>
        <ul aria-labelledby={requestsHeading} className="dilosi-workspace-list">
          <li>
            <NavLink to={paths.dashboard.requests.getHref()}>{t('workspace.myRequests')}</NavLink>
          </li>
          <li>
            <NavLink to={paths.dashboard.entities.getHref()} end>
              {t('workspace.allEntities')}
            </NavLink>
          </li>
        </ul>
      </div>
    </nav>
  );
}

/** Every /dashboard page: full width, the sidebar beside the page (issue #39). */
export function WorkspaceLayout() {
  return (
    <div className="dilosi-workspace">
      <WorkspaceSidebar />
      <div className="dilosi-workspace-page">
        <Outlet />
      </div>
    </div>
  );
}
