import type { InboxTab } from '@dilosi/domain';

const enc = encodeURIComponent;

/** Addresses of the dashboard pages (spec section 2). */
export const dashboardPaths = {
  entities: () => '/dashboard/entities/list',
  inbox: (entityId: string, tab: InboxTab, search = '') =>
    `/dashboard/entities/show/${enc(entityId)}/inbox/list/${tab}${search ? `?${search}` : ''}`,
  case: (entityId: string, inboxId: string, search = '') =>
    `/dashboard/entities/show/${enc(entityId)}/inbox/show/declaration/${enc(inboxId)}${search ? `?${search}` : ''}`,
};
