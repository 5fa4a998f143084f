import type { DashboardEntity, GateLayout, ResourceActionResponse } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { client, ErrorBody } from '../fixtures/http';
import { MATRIX_AFM, startMatrixApp, type Caller } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

/**
 * The extra roles a head can grant (issue #39): templates author and settings owner, each
 * enforced on the server with role_permission_denied, a head holding both.
 */
describe('extra staff roles', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens = '';
  let staffId = '';
  const gate = '/api/gates/DIMOS_ATHINAION/gate/resources';

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    const entities = await api<{ data: DashboardEntity[] }>('GET', '/api/entities', {
      token: tokens.headA,
    });
    athens = entities.body.data.find((e) => e.codename === 'DIMOS_ATHINAION')?.id ?? '';
    const user = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', MATRIX_AFM.adminWithoutRole)
      .executeTakeFirstOrThrow();
    staffId = user.id;
  }, 60_000);
  afterAll(async () => t?.close());

  /** The staff member (an admin without a role until now) holds exactly `roles` at Athens. */
  async function grant(roles: string[]) {
    const set = await api('PUT', `/api/entities/${athens}/staff/${staffId}/roles`, {
      token: tokens.headA,
      json: { roles },
    });
    expect(set.status).toBe(200);
  }

  const asStaff = <T = unknown>(method: 'GET' | 'POST' | 'PATCH', path: string, json?: unknown) =>
    api<T & ErrorBody>(method, path, {
      token: tokens.adminWithoutRole,
      ...(json === undefined ? {} : { json }),
    });

  const routes = {
    templatePermissions: () =>
      asStaff('POST', `${gate}/template-permissions/action`, { action: 'list' }),
    templatePermissionsInfo: () => asStaff('GET', `${gate}/template-permissions/info`),
    notifications: () => asStaff('POST', `${gate}/notifications/action`, { action: 'list' }),
    notificationsInfo: () => asStaff('GET', `${gate}/notifications/info`),
    datasets: () => asStaff('POST', `${gate}/recipient-datasets/action`, { action: 'list' }),
    audit: () => asStaff('POST', `${gate}/audit/action`, { action: 'list' }),
    settings: () => asStaff('PATCH', `/api/entities/${athens}`, { is_addressable: true }),
    decisions: () => asStaff('GET', `/api/entities/${athens}/audit`),
    entity: () => asStaff('GET', `/api/entities/${athens}`),
    inbox: () => asStaff('GET', `/api/entity/${athens}/inbox`),
    staff: () => asStaff('GET', `/api/entities/${athens}/active-permissions`),
  };
  type Route = keyof typeof routes;

  /** Runs every route: the status and code each answers. */
  async function matrix(): Promise<Record<Route, [number, string | undefined]>> {
    const out = {} as Record<Route, [number, string | undefined]>;
    for (const name of Object.keys(routes) as Route[]) {
      const answer = await routes[name]();
      out[name] = [answer.status, answer.status >= 400 ? answer.body.error.code : undefined];
    }
    return out;
  }

  it('a head grants the templates author role, which opens the template permissions only', async () => {
    const added = await api('POST', `/api/entities/${athens}/active-permissions`, {
      token: tokens.headA,
      json: {
        firstname: 'ΓΕΩΡΓΙΟΣ',
        surname: 'ΑΝΤΩΝΙΟΥ',
        afm: '100000064',
        role: 'templates_author',
      },
    });
    expect(added.status).toBe(201);
    const denied: [number, string] = [403, 'role_permission_denied'];
    expect(await matrix()).toEqual({
      templatePermissions: [200, undefined],
      templatePermissionsInfo: [200, undefined],
      notifications: denied,
      notificationsInfo: denied,
      datasets: [403, 'head_permission_denied'],
      audit: [403, 'head_permission_denied'],
      settings: denied,
      decisions: denied,
      entity: [200, undefined],
      inbox: [403, 'inbox_permission_denied'],
      staff: [403, 'head_permission_denied'],
    });
    const entity = await asStaff<{ data: DashboardEntity }>('GET', `/api/entities/${athens}`);
    expect(entity.body.data.roles).toEqual(['templates_author']);
    // The author grants and revokes for the entity.
    const revoked = await asStaff<ResourceActionResponse>(
      'POST',
      `${gate}/template-permissions/action`,
      { action: 'revoke', object_id: 'reply:entity-reply' },
    );
    expect(revoked.status).toBe(200);
    const granted = await asStaff('POST', `${gate}/template-permissions/action`, {
      action: 'grant',
      arguments: { template: 'entity-reply', use: 'reply' },
    });
    expect(granted.status).toBe(200);
    // Its landing page is the template permissions.
    const layout = await asStaff<{ data: GateLayout }>(
      'GET',
      '/api/gates/DIMOS_ATHINAION/gate/layout',
    );
    expect(layout.body.data['landing-url']).toBe(
      `/dashboard/entities/show/${athens}/resource/template-permissions`,
    );
  });

  it('the settings owner changes the settings and the notices; not the staff or the inbox', async () => {
    await grant(['settings_owner']);
    const denied: [number, string] = [403, 'role_permission_denied'];
    const answers = await matrix();
    expect(answers).toEqual({
      templatePermissions: denied,
      templatePermissionsInfo: denied,
      notifications: [200, undefined],
      notificationsInfo: [200, undefined],
      datasets: [403, 'head_permission_denied'],
      audit: [403, 'head_permission_denied'],
      settings: [200, undefined],
      decisions: [200, undefined],
      entity: [200, undefined],
      inbox: [403, 'inbox_permission_denied'],
      staff: [403, 'head_permission_denied'],
    });
    const layout = await asStaff<{ data: GateLayout }>(
      'GET',
      '/api/gates/DIMOS_ATHINAION/gate/layout',
    );
    expect(layout.body.data['nav-actions'].map((a) => a.key)).toEqual([
      'settings',
      'notifications',
    ]);
    expect(layout.body.data['landing-url']).toBe(`/dashboard/entities/show/${athens}/settings`);
  });

  it('with both extra roles and clerk, settings come first; a head holds every role', async () => {
    await grant(['clerk', 'templates_author', 'settings_owner']);
    const layout = await asStaff<{ data: GateLayout }>(
      'GET',
      '/api/gates/DIMOS_ATHINAION/gate/layout',
    );
    expect(layout.body.data['nav-actions'].map((a) => a.key)).toEqual([
      'settings',
      'notifications',
      'template-permissions',
      'inbox',
      'templates',
    ]);
    const staff = await api<{ data: { afm: string | null; roles: string[] }[] }>(
      'GET',
      `/api/entities/${athens}/active-permissions`,
      { token: tokens.headA },
    );
    expect(staff.body.data.find((s) => s.afm === '100000064')?.roles.sort()).toEqual([
      'clerk',
      'settings_owner',
      'templates_author',
    ]);
    // The head reaches every resource without holding the extra roles.
    for (const resource of [
      'notifications',
      'template-permissions',
      'recipient-datasets',
      'audit',
    ]) {
      const answer = await api('POST', `${gate}/${resource}/action`, {
        token: tokens.headA,
        json: { action: 'list' },
      });
      expect(answer.status).toBe(200);
    }
    // A request for an unknown role is refused by the schema.
    const wrong = await api<ErrorBody>('PUT', `/api/entities/${athens}/staff/${staffId}/roles`, {
      token: tokens.headA,
      json: { roles: ['captain'] },
    });
    expect(wrong.status).toBe(400);
  });
});
