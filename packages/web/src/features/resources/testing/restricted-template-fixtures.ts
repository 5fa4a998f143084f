import type { DashboardEntity } from '@dilosi/domain';
import { TEST_APP_CONFIG, TEST_USER } from '../../../testing/render-app';

/**
 * What the tests of the two resources of restricted templates share (issue #37): the named
 * operators and the permitted employers, both kept by the head of an entity.
 */
export const HEAD = { ...TEST_USER, is_admin: true, afm: '100000040' };
export const DASHBOARD_CONFIG = {
  ...TEST_APP_CONFIG,
  flags: { ...TEST_APP_CONFIG.flags, DASHBOARD_ENABLED: true },
};

/** The Municipality of Athens as the head's entity, under `id`. */
export const headEntity = (id: string): DashboardEntity => ({
  id,
  codename: 'DIMOS_ATHINAION',
  display_name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: 'Ville d’Athènes' },
  email: null,
  is_addressable: true,
  is_managed: true,
  has_inbox: true,
  enabled: true,
  roles: ['head'],
});
