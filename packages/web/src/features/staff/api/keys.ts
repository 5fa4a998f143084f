import { dashboardKeys } from '../../../api/dashboard-keys';

const all = dashboardKeys.all;

/**
 * Every query key of the staff side (spec section 7; issue #14). They sit under the dashboard
 * root, which every mutation invalidates whole: roles decide what the caller may open.
 */
export const staffKeys = {
  all,
  myEntities: () => [...all, 'entities'] as const,
  directory: (q: string) => [...all, 'entity-directory', q] as const,
  myRequests: (limit: number, offset: number) => [...all, 'my-requests', limit, offset] as const,
  pending: (entityId: string) => [...all, 'pending', entityId] as const,
  staff: (entityId: string) => [...all, 'staff', entityId] as const,
  layout: (codename: string) => [...all, 'layout', codename] as const,
  decisions: (entityId: string, limit: number, offset: number) =>
    [...all, 'decisions', entityId, limit, offset] as const,
};

/** The API address of an entity the caller holds a role in. */
export const entityApiPath = (entityId: string) => `/api/entities/${encodeURIComponent(entityId)}`;
