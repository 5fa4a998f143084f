import type { InboxTab } from '@dilosi/domain';

const enc = encodeURIComponent;

/** Addresses of the dashboard pages (spec section 2). */
export const dashboardPaths = {
  entities: () => '/dashboard/entities/list',
  inbox: (entityId: string, tab: InboxTab, search = '') =>
    `/dashboard/entities/show/${enc(entityId)}/inbox/list/${tab}${search ? `?${search}` : ''}`,
  requests: () => '/dashboard/entities/requests/list',
  settings: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/settings`,
  usersActive: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/users/active`,
  usersPending: (entityId: string) => `/dashboard/entities/show/${enc(entityId)}/users/pending`,
  case: (entityId: string, inboxId: string, search = '') =>
    `/dashboard/entities/show/${enc(entityId)}/inbox/show/declaration/${enc(inboxId)}${search ? `?${search}` : ''}`,
};
