import type { DashboardEntity, Permission, PermissionPage } from '@dilosi/domain';
import { TEST_APP_CONFIG, TEST_USER } from '../../../testing/render-app';

/** Test data of the staff pages' tests: one entity, its head, numbered permission requests. */
export const ENTITY = '0b0b0b0b-0000-4000-8000-000000000001';
export const HEAD = {
  ...TEST_USER,
  is_admin: true,
  afm: '100000040',
  display_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ',
};
export const CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true },
};
export const base = `/dashboard/entities/show/${ENTITY}`;

export const entity: DashboardEntity = {
  id: ENTITY,
  codename: 'DIMOS_ATHINAION',
  display_name: {
    el: 'Δήμος Αθηναίων',
    en: 'Municipality of Athens',
    fr: "Municipalité d'Athènes",
  },
  email: 'info@athens.demo.gov.gr',
  is_addressable: true,
  is_managed: true,
  has_inbox: true,
  enabled: true,
  roles: ['head'],
};

export const permission = (n: number, overrides: Partial<Permission> = {}): Permission => ({
  id: `0d0d0d0d-0000-4000-8000-${String(n).padStart(12, '0')}`,
  user_id: `0e0e0e0e-0000-4000-8000-${String(n).padStart(12, '0')}`,
  role: 'clerk',
  state: 'pending',
  response: null,
  user_info: {
    id: 'u',
    firstname: 'ΓΕΩΡΓΙΟΣ',
    surname: `ΑΝΤΩΝΙΟΥ ${n}`,
    username: null,
    afm: '100000064',
  },
  user_display_name: `ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ ${n}`,
  entity: { id: ENTITY, codename: entity.codename, display_name: entity.display_name },
  created_at: new Date(Date.UTC(2026, 10, 20, 10, 0, n)).toISOString(),
  decided_at: null,
  ...overrides,
});

export const page = (data: Permission[], count = data.length, limit = 10): PermissionPage => ({
  data,
  meta: { count, limit, offset: 0, total_pages: Math.ceil(count / limit) },
});
