import { dashboardKeys } from '../../../api/dashboard-keys';

const all = dashboardKeys.all;
const inbox = (entityId: string) => [...all, 'inbox', entityId] as const;
const caseDetail = (entityId: string, inboxId: string) =>
  [...all, 'case', entityId, inboxId] as const;

/**
 * Every query key of the cases side. They sit under the dashboard root, which the mutations
 * invalidate whole (see api/dashboard-keys.ts); a case's tabs and neighbours sit under the case.
 */
export const casesKeys = {
  all,
  inbox,
  inboxList: (entityId: string, search: string) => [...inbox(entityId), search] as const,
  case: caseDetail,
  caseTab: (entityId: string, inboxId: string, tab: string) =>
    [...caseDetail(entityId, inboxId), tab] as const,
  neighbours: (entityId: string, inboxId: string, search: string) =>
    [...caseDetail(entityId, inboxId), 'neighbours', search] as const,
  alertPreference: (entityId: string) => [...all, 'alert-preference', entityId] as const,
  creatableTemplates: (entityId: string, use: string, limit: number, offset: number) =>
    [...all, 'creatable-templates', entityId, use, limit, offset] as const,
  forwardTargets: (entityId: string) => [...all, 'forward-targets', entityId] as const,
  activeClerks: (entityId: string) => [...all, 'clerks', entityId] as const,
};

const enc = encodeURIComponent;

/** The API address of one case of an entity's inbox. */
export const caseApiPath = (entityId: string, inboxId: string) =>
  `/api/entity/${enc(entityId)}/inbox/${enc(inboxId)}`;

/** The API address of an entity's inbox. */
export const inboxApiPath = (entityId: string) => `/api/entity/${enc(entityId)}/inbox`;
