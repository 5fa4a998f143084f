import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, type ErrorBody } from '../fixtures/http';
import { LOGIN_TEMPLATES_DIR } from '../fixtures/login-templates';
import {
  expectMatrix,
  loginMatrix,
  MATRIX_CALLERS,
  RELAXED_LIMITS,
  type Caller,
} from '../fixtures/matrix';
import { loginStaff } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../helpers';

type Rows = {
  data: { id: string; template: string; afm: string; employer_name: string }[];
  meta?: { count: number };
};

/**
 * Issue #37: the permitted employers of a restricted template are kept by the entity the
 * template names, through the resources contract (`template-employers`), and decide, with the
 * citizen's employers from the registry (the simulator: Nikos works for 099999999), who may use
 * it.
 */
describe('the template-employers resource', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  const gate = '/api/gates/DIMOS_ATHINAION/gate/resources/template-employers';

  beforeAll(async () => {
    t = await createTestApp({ env: { ...RELAXED_LIMITS, TEMPLATES_DIR: LOGIN_TEMPLATES_DIR } });
    api = client(t.app);
    tokens = await loginMatrix(t);
  });
  afterAll(async () => t?.close());

  const act = (body: Record<string, unknown>, token = tokens.headA) =>
    api<Rows & ErrorBody>('POST', `${gate}/action`, { token, json: body });
  const view = () =>
    api<ErrorBody>('GET', '/api/templates/test-employers', { token: tokens.citizenB });
  const nikosEmployer = {
    template: 'test-employers',
    afm: '099999999',
    employer_name: 'ΔΟΚΙΜΑΣΤΙΚΗ ΙΔΙΩΤΙΚΗ Α.Ε.',
  };

  it('a head permits an employer, whose staff may then use the template, until removed', async () => {
    expect((await view()).body.error.code).toBe('no_allowed_work_orgs');
    const info = await api<{
      data: {
        fields: { name: string; value_titles?: Record<string, unknown> }[];
        resource_actions: { arguments: string[]; choices: Record<string, string[]> }[];
      };
    }>('GET', `${gate}/info`, { token: tokens.headA });
    expect(info.status).toBe(200);
    expect(info.body.data.fields.map((field) => field.name)).toEqual([
      'template',
      'afm',
      'employer_name',
      'created_at',
    ]);
    expect(info.body.data.resource_actions[0]?.arguments).toEqual([
      'template',
      'afm',
      'employer_name',
    ]);
    expect(info.body.data.resource_actions[0]?.choices.template).toEqual(['test-employers']);
    // The list, its filter and the form name each template by its title (el/en/fr).
    expect(info.body.data.fields[0]?.value_titles).toEqual({
      'test-employers': {
        el: 'Δοκιμαστικό έγγραφο TSTEM',
        en: 'Test document TSTEM',
        fr: "Document d'essai TSTEM",
      },
    });

    const added = await act({ action: 'add', arguments: nikosEmployer });
    expect(added.status).toBe(200);
    expect(added.body.data[0]).toMatchObject({
      id: 'test-employers:099999999',
      employer_name: 'ΔΟΚΙΜΑΣΤΙΚΗ ΙΔΙΩΤΙΚΗ Α.Ε.',
    });
    expect((await view()).status).toBe(200);
    const created = await api('POST', '/api/my-declarations/', {
      token: tokens.citizenB,
      json: { document: { template: 'test-employers' } },
    });
    expect(created.status).toBe(201);

    const listed = await act({ action: 'list', arguments: {} });
    expect(listed.body.data.map((row) => row.afm)).toEqual(['099999999']);
    expect(listed.body.meta?.count).toBe(1);
    const filtered = await act({ action: 'list', arguments: { afm: '090025537' } });
    expect(filtered.body.data).toEqual([]);
    const again = await act({ action: 'add', arguments: nikosEmployer });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('template_permission_exists');

    const removed = await act({ action: 'remove', object_id: 'test-employers:099999999' });
    expect(removed.status).toBe(200);
    expect((await view()).body.error.code).toBe('no_allowed_work_orgs');
  });

  it('refuses a bad tax number, a missing name, and a template that is not restricted', async () => {
    const bad = await act({
      action: 'add',
      arguments: { ...nikosEmployer, afm: '099999990' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    const nameless = await act({
      action: 'add',
      arguments: { ...nikosEmployer, employer_name: ' ' },
    });
    expect(nameless.status).toBe(400);
    expect(nameless.body.error.data).toMatchObject({
      invalid_fields: [{ invalid_field: 'arguments.employer_name' }],
    });
    const other = await act({
      action: 'add',
      arguments: { ...nikosEmployer, template: 'test-operators' },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('template_not_grantable');
    const missing = await act({ action: 'remove', object_id: 'test-employers:090025537' });
    expect(missing.status).toBe(404);
  });

  it('the head of another entity neither sees nor changes the list', async () => {
    expect((await act({ action: 'add', arguments: nikosEmployer })).status).toBe(200);
    const thessaloniki = await loginStaff(t, '100000088');
    const other = (body: Record<string, unknown>) =>
      api<Rows & ErrorBody>(
        'POST',
        '/api/gates/DIMOS_THESSALONIKIS/gate/resources/template-employers/action',
        { token: thessaloniki, json: body },
      );
    const listed = await other({ action: 'list', arguments: {} });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
    expect((await other({ action: 'add', arguments: nikosEmployer })).status).toBe(422);
    expect((await other({ action: 'remove', object_id: 'test-employers:099999999' })).status).toBe(
      404,
    );
    expect((await act({ action: 'list', arguments: {} })).body.data).toHaveLength(1);
  });

  it('joins the authorization matrix: heads of the entity only', async () => {
    // anonymous, citizenA, citizenB, clerkA, headA, clerkB, adminWithoutRole
    const HEADS_ONLY = [401, 403, 403, 403, 'ok', 404, 403] as const;
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `${gate}/info`,
      expected: HEADS_ONLY,
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `${gate}/action`,
      json: () => ({ action: 'list' }),
      expected: HEADS_ONLY,
    });
  });
});
