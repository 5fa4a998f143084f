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
import { createTestApp, type TestApp } from '../helpers';

type Rows = { data: { id: string; template: string; afm: string }[] };

/**
 * Issue #37: the named operators of a restricted template are kept by the entity the template
 * names, through the resources contract (`template-operators`), and decide who may use it.
 */
describe('the template-operators resource', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  const gate = '/api/gates/DIMOS_ATHINAION/gate/resources/template-operators';

  beforeAll(async () => {
    t = await createTestApp({ env: { ...RELAXED_LIMITS, TEMPLATES_DIR: LOGIN_TEMPLATES_DIR } });
    api = client(t.app);
    tokens = await loginMatrix(t);
  });
  afterAll(async () => t?.close());

  const act = (body: Record<string, unknown>, token = tokens.headA) =>
    api<Rows & ErrorBody>('POST', `${gate}/action`, { token, json: body });
  const create = () =>
    api<ErrorBody>('POST', '/api/my-declarations/', {
      token: tokens.citizenB,
      json: { document: { template: 'test-operators' } },
    });

  it('a head names an operator, who may then use the template, until removed', async () => {
    expect((await create()).body.error.code).toBe('not_named_operator');
    const info = await api<{
      data: {
        fields: { name: string; value_titles?: Record<string, unknown> }[];
        resource_actions: { choices: Record<string, string[]> }[];
      };
    }>('GET', `${gate}/info`, { token: tokens.headA });
    expect(info.status).toBe(200);
    expect(info.body.data.resource_actions[0]?.choices.template).toEqual(['test-operators']);
    // The list, its filter and the form name each template by its title (el/en/fr).
    expect(info.body.data.fields[0]).toMatchObject({
      name: 'template',
      filterable: true,
      value_titles: {
        'test-operators': {
          el: 'Δοκιμαστικό έγγραφο TSTOR',
          en: 'Test document TSTOR',
          fr: "Document d'essai TSTOR",
        },
      },
    });

    const added = await act({
      action: 'add',
      arguments: { template: 'test-operators', afm: '100000027' },
    });
    expect(added.status).toBe(200);
    expect(added.body.data[0]?.id).toBe('test-operators:100000027');
    expect((await create()).status).toBe(201);

    const listed = await act({ action: 'list', arguments: {} });
    // Only this template's rows: the demo seed names operators of a catalogue template too.
    const ours = listed.body.data.filter((row) => row.template === 'test-operators');
    expect(ours.map((row) => row.afm)).toEqual(['100000027']);
    const again = await act({
      action: 'add',
      arguments: { template: 'test-operators', afm: '100000027' },
    });
    expect(again.status).toBe(409);

    const removed = await act({ action: 'remove', object_id: 'test-operators:100000027' });
    expect(removed.status).toBe(200);
    expect((await create()).body.error.code).toBe('not_named_operator');
  });

  it('refuses a bad tax number and a template that is not restricted or not the entity’s', async () => {
    const bad = await act({ action: 'add', arguments: { template: 'test-operators', afm: '123' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    const other = await act({
      action: 'add',
      arguments: { template: 'test-translators', afm: '100000027' },
    });
    expect(other.status).toBe(422);
    expect(other.body.error.code).toBe('template_not_grantable');
    const missing = await act({ action: 'remove', object_id: 'test-operators:100000015' });
    expect(missing.status).toBe(404);
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
