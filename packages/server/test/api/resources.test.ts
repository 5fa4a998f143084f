import type { ResourceActionResponse, ResourceInfo } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { client, ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_CALLERS,
  type Caller,
  type MatrixRoute,
  startMatrixApp,
} from '../fixtures/matrix';
import type { TestApp } from '../helpers';

const ENGLISH_CERTIFICATE = 'Certificate from a public body to a citizen';

/** An entity's resources (issue #39): notifications and the staff audit, for its heads. */
describe('entity resources', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  const gate = '/api/gates/DIMOS_ATHINAION/gate/resources';

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    await openCaseAtAthens(t, api, tokens.citizenA);
  }, 60_000);
  afterAll(async () => t?.close());

  const act = <T = ResourceActionResponse>(resource: string, json: unknown, token = tokens.headA) =>
    api<T>('POST', `${gate}/${resource}/action`, { token, json });

  it('describes a resource: fields in order, row actions, resource actions', async () => {
    const info = await api<{ data: ResourceInfo }>('GET', `${gate}/notifications/info`, {
      token: tokens.headA,
    });
    expect(info.status).toBe(200);
    expect(info.body.data.fields.map((f) => f.name)).toEqual([
      'message',
      'is_active',
      'updated_at',
    ]);
    expect(info.body.data.row_actions.map((a) => a.name)).toEqual([
      'update',
      'deactivate',
      'delete',
    ]);
    expect(info.body.data.resource_actions.map((a) => a.name)).toEqual(['create']);
    const unknown = await api<ErrorBody>('GET', `${gate}/nothing/info`, { token: tokens.headA });
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'resource_not_found']);
    const noEntity = await api<ErrorBody>(
      'GET',
      '/api/gates/NO_SUCH_ENTITY/gate/resources/notifications/info',
      { token: tokens.headA, headers: { 'accept-language': 'en' } },
    );
    expect([noEntity.status, noEntity.body.error.code]).toEqual([
      404,
      'notification_entity_must_exist',
    ]);
    expect(noEntity.body.error.message).toBe("The notification's entity must exist.");
  });

  it('creates, lists, edits, deactivates and deletes notifications; an inactive one stays', async () => {
    const empty = await act('notifications', { action: 'list' });
    expect(empty.body).toEqual({ data: [], meta: { count: 0, limit: 20, offset: 0 } });
    const blank = await act<ErrorBody>('notifications', {
      action: 'create',
      arguments: { message: ' ' },
    });
    expect(blank.status).toBe(400);
    const first = await act('notifications', {
      action: 'create',
      arguments: { message: 'Κλειστά την Παρασκευή' },
    });
    const second = await act('notifications', {
      action: 'create',
      arguments: { message: 'Νέο ωράριο' },
    });
    expect([first.status, second.status]).toEqual([200, 200]);
    const firstId = String(first.body.data[0]?.id);
    const secondId = String(second.body.data[0]?.id);

    const edited = await act('notifications', {
      action: 'update',
      object_id: firstId,
      arguments: { message: 'Κλειστά τη Δευτέρα' },
    });
    expect(edited.body.data[0]).toMatchObject({ message: 'Κλειστά τη Δευτέρα', is_active: true });
    await act('notifications', { action: 'deactivate', object_id: firstId });
    const inactiveDelete = await act<ErrorBody>('notifications', {
      action: 'delete',
      object_id: firstId,
    });
    expect([inactiveDelete.status, inactiveDelete.body.error.code]).toEqual([
      409,
      'notification_inactive_delete',
    ]);
    expect((await act('notifications', { action: 'delete', object_id: secondId })).status).toBe(
      200,
    );
    const unknownAction = await act<ErrorBody>('notifications', { action: 'explode' });
    expect(unknownAction.body.error.code).toBe('resource_action_not_found');

    const list = await act('notifications', { action: 'list' });
    expect(list.body.data.map((row) => [row.message, row.is_active])).toEqual([
      ['Κλειστά τη Δευτέρα', false],
    ]);
    expect(list.body.meta?.count).toBe(1);
    // Another entity's staff cannot name Athens' notification through their own gate.
    const clerkB = await api<ErrorBody>(
      'POST',
      '/api/gates/AADE/gate/resources/notifications/action',
      { token: tokens.clerkB, json: { action: 'delete', object_id: firstId } },
    );
    expect(clerkB.status).toBe(403);
  });

  it('shows an entity’s active notices to citizens on the page of its templates', async () => {
    const page = (refname: string, token?: string) =>
      api<{ data: { template: { refname: string }; notices: string[] } }>(
        'GET',
        `/api/templates/${refname}`,
        token ? { token } : {},
      );
    const created = await act('notifications', {
      action: 'create',
      arguments: { message: 'Το δημαρχείο είναι κλειστό την Τρίτη.' },
    });
    const id = String(created.body.data[0]?.id);
    // The water tariff is offered by Athens (its template names the entity); anonymous or not.
    for (const token of [undefined, tokens.citizenA]) {
      const answer = await page('water-social-tariff-application', token);
      expect(answer.status).toBe(200);
      expect(answer.body.data.notices).toEqual(['Το δημαρχείο είναι κλειστό την Τρίτη.']);
    }
    // A template no entity offers carries none; inactive notices are not shown.
    expect((await page('solemn-declaration')).body.data.notices).toEqual([]);
    await act('notifications', { action: 'deactivate', object_id: id });
    expect((await page('water-social-tariff-application')).body.data.notices).toEqual([]);
  });

  it('grants and revokes the templates an entity may issue or reply with; the readers follow', async () => {
    const info = await api<{ data: ResourceInfo }>('GET', `${gate}/template-permissions/info`, {
      token: tokens.headA,
    });
    expect(info.body.data.fields.map((f) => f.name)).toEqual([
      'template',
      'title',
      'use',
      'created_at',
    ]);
    const grant = info.body.data.resource_actions[0];
    expect(grant?.name).toBe('grant');
    expect(grant?.choices?.template).toEqual([
      'entity-acknowledgement',
      'entity-certificate',
      'entity-reply',
    ]);
    expect(grant?.choices?.use).toEqual(['reply', 'issue']);

    // The demo seed grants what every entity could use before (current behaviour kept).
    const seeded = await act('template-permissions', { action: 'list' });
    expect(seeded.body.data.map((row) => row.id)).toEqual([
      'reply:entity-acknowledgement',
      'issue:entity-certificate',
      'reply:entity-reply',
    ]);
    // The template's title comes in the caller's language.
    const english = await api<ResourceActionResponse>(
      'POST',
      `${gate}/template-permissions/action`,
      {
        token: tokens.headA,
        headers: { 'accept-language': 'en' },
        json: { action: 'list', arguments: { template: 'certificate' } },
      },
    );
    expect(english.body.data.map((row) => row.title)).toEqual([ENGLISH_CERTIFICATE]);
    const replies = await act('template-permissions', {
      action: 'list',
      arguments: { use: 'reply' },
    });
    expect(replies.body.meta?.count).toBe(2);

    const entities = await api<{ data: { id: string }[] }>('GET', '/api/entities', {
      token: tokens.clerkA,
    });
    const entity = entities.body.data[0]?.id ?? '';
    const creatable = () =>
      api<{ data: { refname: string }[] }>(
        'GET',
        `/api/entity/${entity}/creatable-templates?use=issue`,
        { token: tokens.clerkA },
      );
    expect((await creatable()).body.data.map((t) => t.refname)).toEqual(['entity-certificate']);

    const revoked = await act('template-permissions', {
      action: 'revoke',
      object_id: 'issue:entity-certificate',
    });
    expect(revoked.status).toBe(200);
    expect((await creatable()).body.data).toEqual([]);
    const refused = await api<ErrorBody>('POST', `/api/entity/${entity}/documents`, {
      token: tokens.clerkA,
      json: { template: 'entity-certificate' },
    });
    expect([refused.status, refused.body.error.code]).toEqual([400, 'template_not_for_entity']);
    // Another entity keeps its own grant.
    const aade = await api<{ data: { id: string }[] }>('GET', '/api/entities', {
      token: tokens.clerkB,
    });
    const other = await api<{ data: { refname: string }[] }>(
      'GET',
      `/api/entity/${aade.body.data[0]?.id ?? ''}/creatable-templates?use=issue`,
      { token: tokens.clerkB },
    );
    expect(other.body.data.map((t) => t.refname)).toEqual(['entity-certificate']);

    const granted = await act('template-permissions', {
      action: 'grant',
      arguments: { template: 'entity-certificate', use: 'issue' },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.data[0]).toMatchObject({ template: 'entity-certificate', use: 'issue' });
    expect((await creatable()).body.data.map((t) => t.refname)).toEqual(['entity-certificate']);
    const started = await api('POST', `/api/entity/${entity}/documents`, {
      token: tokens.clerkA,
      json: { template: 'entity-certificate' },
    });
    expect(started.status).toBe(201);

    const twice = await act<ErrorBody>('template-permissions', {
      action: 'grant',
      arguments: { template: 'entity-certificate', use: 'issue' },
    });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'template_permission_exists']);
    const wrongUse = await act<ErrorBody>('template-permissions', {
      action: 'grant',
      arguments: { template: 'entity-certificate', use: 'reply' },
    });
    expect([wrongUse.status, wrongUse.body.error.code]).toEqual([422, 'template_not_grantable']);
    const citizenTemplate = await act<ErrorBody>('template-permissions', {
      action: 'grant',
      arguments: { template: 'solemn-declaration', use: 'reply' },
    });
    expect(citizenTemplate.body.error.code).toBe('template_not_grantable');
    const badUse = await act<ErrorBody>('template-permissions', {
      action: 'grant',
      arguments: { template: 'entity-reply', use: 'sign' },
    });
    expect(badUse.status).toBe(400);
    const unknownRow = await act<ErrorBody>('template-permissions', {
      action: 'revoke',
      object_id: 'issue:nothing',
    });
    expect(unknownRow.status).toBe(404);
  });

  it('keeps the entity’s own recipient datasets, which only its forward-info can use', async () => {
    const info = await api<{ data: ResourceInfo }>('GET', `${gate}/recipient-datasets/info`, {
      token: tokens.headA,
    });
    expect(info.body.data.fields.map((f) => f.name)).toEqual(['codename', 'title', 'members']);
    // The shared demo datasets are the platform's: not in the entity's list.
    expect((await act('recipient-datasets', { action: 'list' })).body).toEqual({
      data: [],
      meta: { count: 0, limit: 20, offset: 0 },
    });
    const created = await act('recipient-datasets', {
      action: 'create',
      arguments: { codename: 'athens_partners', title: 'Συνεργάτες', members: 'EFKA, aade' },
    });
    expect(created.status).toBe(200);
    expect(created.body.data[0]).toEqual({
      id: 'ATHENS_PARTNERS',
      codename: 'ATHENS_PARTNERS',
      title: 'Συνεργάτες',
      members: 'AADE, EFKA',
    });
    const twice = await act<ErrorBody>('recipient-datasets', {
      action: 'create',
      arguments: { codename: 'MUNICIPALITIES', title: 'x', members: 'EFKA' },
    });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'dataset_exists']);
    const unknownMember = await api<ErrorBody>('POST', `${gate}/recipient-datasets/action`, {
      token: tokens.headA,
      headers: { 'accept-language': 'en' },
      json: {
        action: 'create',
        arguments: { codename: 'OTHER', title: 'x', members: 'EFKA NOWHERE' },
      },
    });
    expect([unknownMember.status, unknownMember.body.error.code]).toEqual([
      422,
      'dataset_member_not_found',
    ]);
    expect(unknownMember.body.error.message).toContain('NOWHERE');
    const badCode = await act<ErrorBody>('recipient-datasets', {
      action: 'create',
      arguments: { codename: 'with space', title: 'x', members: 'EFKA' },
    });
    expect(badCode.status).toBe(400);
    // A shared dataset cannot be edited through an entity's resource.
    const shared = await act<ErrorBody>('recipient-datasets', {
      action: 'delete',
      object_id: 'MUNICIPALITIES',
    });
    expect(shared.status).toBe(404);

    const edited = await act('recipient-datasets', {
      action: 'update',
      object_id: 'ATHENS_PARTNERS',
      arguments: { title: 'Ασφάλιση', members: 'EFKA' },
    });
    expect(edited.body.data[0]).toMatchObject({ title: 'Ασφάλιση', members: 'EFKA' });

    // Athens' forward-info offers it (and the shared ones); AADE's does not.
    const entities = await api<{ data: { id: string }[] }>('GET', '/api/entities', {
      token: tokens.clerkA,
    });
    const athensId = entities.body.data[0]?.id ?? '';
    const targets = await api<{ data: { datasets: { codename: string; members: string[] }[] } }>(
      'GET',
      `/api/entity/${athensId}/forward-targets`,
      { token: tokens.clerkA },
    );
    expect(targets.body.data.datasets.map((d) => [d.codename, d.members])).toEqual([
      ['ATHENS_PARTNERS', ['EFKA']],
      ['MUNICIPALITIES', ['DIMOS_ATHINAION', 'DIMOS_THESSALONIKIS']],
      ['SOCIAL_SECURITY_TAX', ['AADE', 'EFKA']],
    ]);
    const aade = await api<{ data: { id: string }[] }>('GET', '/api/entities', {
      token: tokens.clerkB,
    });
    const aadeTargets = await api<{ data: { datasets: { codename: string }[] } }>(
      'GET',
      `/api/entity/${aade.body.data[0]?.id ?? ''}/forward-targets`,
      { token: tokens.clerkB },
    );
    expect(aadeTargets.body.data.datasets.map((d) => d.codename)).not.toContain('ATHENS_PARTNERS');

    // Athens forwards a case's information through it.
    const inbox = await api<{ data: { id: string }[] }>('GET', `/api/entity/${athensId}/inbox`, {
      token: tokens.clerkA,
    });
    const forwarded = await api<{ data: { forwarded: { entity_codename: string }[] } }>(
      'POST',
      '/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action',
      {
        token: tokens.clerkA,
        json: {
          action: 'forward-info',
          object_id: inbox.body.data[0]?.id,
          arguments: { recipient_dataset: 'ATHENS_PARTNERS' },
        },
      },
    );
    expect(forwarded.status).toBe(200);
    expect(forwarded.body.data.forwarded.map((f) => f.entity_codename)).toEqual(['EFKA']);

    expect(
      (await act('recipient-datasets', { action: 'delete', object_id: 'ATHENS_PARTNERS' })).status,
    ).toBe(200);
    expect((await act('recipient-datasets', { action: 'list' })).body.data).toEqual([]);
  });

  it('lists the staff audit: who did what, filterable by actor and action, read only', async () => {
    const athens = await api<{ data: { id: string }[] }>('GET', '/api/entities', {
      token: tokens.clerkA,
    });
    const entity = athens.body.data[0]?.id ?? '';
    const inbox = await api<{ data: { id: string }[] }>('GET', `/api/entity/${entity}/inbox`, {
      token: tokens.clerkA,
    });
    const caseId = inbox.body.data[0]?.id ?? '';
    const changed = await api('POST', `/api/entity/${entity}/inbox/${caseId}/change_state`, {
      token: tokens.clerkA,
      json: { state: 'pending' },
    });
    expect(changed.status).toBe(200);

    // Its actions are labelled (el/en/fr) and filtered from a closed list.
    const auditInfo = await api<{ data: ResourceInfo }>('GET', `${gate}/audit/info`, {
      token: tokens.headA,
    });
    const actionField = auditInfo.body.data.fields.find((f) => f.name === 'action');
    expect(actionField?.value_labels).toBe('resources.audit.actions');
    expect(actionField?.choices).toEqual(expect.arrayContaining(['change_state', 'accept']));
    const all = await act('audit', { action: 'list' });
    expect(all.status).toBe(200);
    expect(all.body.meta?.count).toBe(all.body.data.length);
    const byClerk = await act('audit', { action: 'list', arguments: { user: 'ΔΗΜΗΤΡΙΟΥ' } });
    expect(byClerk.body.data.length).toBeGreaterThan(0);
    expect(new Set(byClerk.body.data.map((row) => row.user)).size).toBe(1);
    const action = String(byClerk.body.data[0]?.action);
    const byAction = await act('audit', { action: 'list', arguments: { action } });
    expect(byAction.body.data.every((row) => row.action === action)).toBe(true);
    const nobody = await act('audit', { action: 'list', arguments: { user: 'ΚΑΝΕΝΑΣ%' } });
    expect(nobody.body).toEqual({ data: [], meta: { count: 0, limit: 20, offset: 0 } });
    const write = await act<ErrorBody>('audit', { action: 'delete', object_id: 'x' });
    expect(write.body.error.code).toBe('resource_action_not_found');
  });

  describe('authorization matrix', () => {
    // anonymous, citizenA, citizenB, clerkA, headA, clerkB, adminWithoutRole
    const HEADS_ONLY = [401, 403, 403, 403, 'ok', 404, 403] as const;
    const routes: MatrixRoute[] = [
      { method: 'GET', path: () => `${gate}/notifications/info`, expected: HEADS_ONLY },
      { method: 'GET', path: () => `${gate}/audit/info`, expected: HEADS_ONLY },
      { method: 'GET', path: () => `${gate}/recipient-datasets/info`, expected: HEADS_ONLY },
      {
        method: 'POST',
        path: () => `${gate}/recipient-datasets/action`,
        json: () => ({ action: 'list' }),
        expected: HEADS_ONLY,
      },
      {
        method: 'GET',
        path: () => `${gate}/template-permissions/info`,
        expected: HEADS_ONLY,
      },
      {
        method: 'POST',
        path: () => `${gate}/template-permissions/action`,
        json: () => ({ action: 'list' }),
        expected: HEADS_ONLY,
      },
      {
        method: 'POST',
        path: () => `${gate}/notifications/action`,
        json: () => ({ action: 'list' }),
        expected: HEADS_ONLY,
      },
      {
        method: 'POST',
        path: () => `${gate}/audit/action`,
        json: () => ({ action: 'list' }),
        expected: HEADS_ONLY,
      },
    ];
    it.each(routes.map((r) => [`${r.method} ${r.path()}`, r] as const))('%s', async (_n, route) =>
      expectMatrix(api, tokens, MATRIX_CALLERS, route),
    );
  });
});
