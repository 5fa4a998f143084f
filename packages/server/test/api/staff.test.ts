import type {
  DashboardEntity,
  EntityDecisionPage,
  Permission,
  PermissionPage,
  StaffEntry,
} from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCases } from '../../src/seed/demo-cases';
import { entityId } from '../fixtures/entities';
import { client, type ErrorBody } from '../fixtures/http';
import {
  expectMatrix,
  loginMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  type MatrixRoute,
} from '../fixtures/matrix';
import { loginStaff } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../helpers';

const ENV = { RATE_LIMIT_MAX: '100000' };
const AFM = {
  ...MATRIX_AFM,
  /** Head of Thessaloniki: asks for a role at Athens in these tests. */
  headThessaloniki: '100000088',
};
type Who = keyof typeof AFM | 'anonymous';

describe('staff, permission requests and entity settings', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Who, string | undefined>;
  let athens: string;
  let aade: string;

  const as = (who: Who) => ({ token: tokens[who] });
  const myRequests = (who: Who, query = '') =>
    api<PermissionPage>('GET', `/api/my-permission-requests${query}`, as(who));
  const ask = (who: Who, json: unknown) =>
    api<{ data: Permission } & ErrorBody>('POST', '/api/my-permission-requests', {
      ...as(who),
      json,
    });
  const staffOf = async (entity = athens) =>
    (
      await api<{ data: StaffEntry[] }>(
        'GET',
        `/api/entities/${entity}/active-permissions`,
        as('headA'),
      )
    ).body.data;
  const decisions = async () =>
    (await api<EntityDecisionPage>('GET', `/api/entities/${athens}/audit?limit=100`, as('headA')))
      .body.data;

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    api = client(t.app);
    tokens = {
      ...(await loginMatrix(t)),
      headThessaloniki: await loginStaff(t, AFM.headThessaloniki),
    };
    athens = await entityId(t, 'DIMOS_ATHINAION');
    aade = await entityId(t, 'AADE');
    await seedDemoCases(t.database);
  }, 60_000);
  afterAll(async () => t?.close());

  describe('requests', () => {
    it('asks for the clerk role by the entity name, upper-cased, clerk by default', async () => {
      expect((await myRequests('adminWithoutRole')).body).toMatchObject({
        data: [],
        meta: { count: 0 },
      });
      const asked = await ask('adminWithoutRole', { entity_name: ' dimos_athinaion ' });
      expect(asked.status).toBe(201);
      expect(asked.body.data).toMatchObject({
        role: 'clerk',
        state: 'pending',
        response: null,
        user_display_name: 'ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ',
        entity: { codename: 'DIMOS_ATHINAION' },
      });
      const mine = await myRequests('adminWithoutRole');
      expect(mine.body.data.map((p) => p.id)).toEqual([asked.body.data.id]);
    });

    it('finds the entity by its name in any language, accents and case aside', async () => {
      const asked = await ask('clerkB', { entity_name: 'δημος αθηναιων', role: 'head' });
      expect(asked.status).toBe(201);
      expect(asked.body.data).toMatchObject({ role: 'head', entity: { id: athens } });
    });

    it('refuses a second waiting request, a role held, and an unknown entity', async () => {
      const again = await ask('adminWithoutRole', {
        entity_name: 'DIMOS_ATHINAION',
        role: 'clerk',
      });
      expect([again.status, again.body.error.code]).toEqual([409, 'request_exists']);
      const held = await ask('clerkA', { entity_name: 'DIMOS_ATHINAION' });
      expect([held.status, held.body.error.code]).toEqual([409, 'already_enrolled']);
      // A head is also a clerk.
      const head = await ask('headA', { entity_name: 'DIMOS_ATHINAION', role: 'clerk' });
      expect([head.status, head.body.error.code]).toEqual([409, 'already_enrolled']);
      const unknown = await ask('adminWithoutRole', { entity_name: 'NO_SUCH_ENTITY' });
      expect([unknown.status, unknown.body.error.code]).toEqual([400, 'not_valid_entity']);
      const empty = await ask('adminWithoutRole', { entity_name: '   ' });
      expect([empty.status, empty.body.error.code]).toEqual([400, 'not_valid_entity']);
      const role = await ask('adminWithoutRole', { entity_name: 'AADE', role: 'captain' });
      expect(role.status).toBe(400);
    });

    it('lets the requester withdraw a request nobody answered, and ask again', async () => {
      const asked = await ask('headThessaloniki', { entity_name: 'EFKA', role: 'head' });
      expect(asked.status).toBe(201);
      const withdraw = (who: Who, id = asked.body.data.id) =>
        api<{ data: Permission } & ErrorBody>(
          'POST',
          `/api/my-permission-requests/${id}/withdraw`,
          as(who),
        );
      // Only her own: another person's request is not found for them.
      const other = await withdraw('adminWithoutRole');
      expect([other.status, other.body.error.code]).toEqual([404, 'not_found']);
      const malformed = await withdraw('headThessaloniki', 'not-a-uuid');
      expect(malformed.status).toBe(404);
      const done = await withdraw('headThessaloniki');
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ state: 'withdrawn', response: null });
      const again = await withdraw('headThessaloniki');
      expect([again.status, again.body.error.code]).toEqual([409, 'action_not_allowed_on_state']);
      // The same request may be made again.
      expect((await ask('headThessaloniki', { entity_name: 'EFKA', role: 'head' })).status).toBe(
        201,
      );
      const efka = await entityId(t, 'EFKA');
      const recorded = await t.database.db
        .selectFrom('entity_decisions')
        .select(['action'])
        .where('entity_id', '=', efka)
        .where('permission_id', '=', asked.body.data.id)
        .execute();
      expect(recorded.map((r) => r.action).sort()).toEqual(['request', 'withdraw']);
    });

    it('suggests entities by any words of their name, for the request form', async () => {
      const search = (who: Who, q: string) =>
        api<{ data: { codename: string }[] } & ErrorBody>(
          'GET',
          `/api/entity-directory?q=${encodeURIComponent(q)}`,
          as(who),
        );
      const athensByName = await search('adminWithoutRole', 'δημος αθην');
      expect(athensByName.status).toBe(200);
      expect(athensByName.body.data.map((e) => e.codename)).toEqual(['DIMOS_ATHINAION']);
      expect((await search('adminWithoutRole', 'efka')).body.data.map((e) => e.codename)).toContain(
        'EFKA',
      );
      expect((await search('adminWithoutRole', '   ')).body.data).toEqual([]);
      expect((await search('adminWithoutRole', 'x'.repeat(201))).status).toBe(400);
    });

    it('lets a person enroll at an entity by its id', async () => {
      const enrolled = await api<{ data: Permission } & ErrorBody>(
        'POST',
        `/api/entities/${aade}/enroll`,
        { ...as('headThessaloniki'), json: {} },
      );
      expect(enrolled.status).toBe(201);
      expect(enrolled.body.data).toMatchObject({ role: 'clerk', state: 'pending' });
      const unknown = await api<ErrorBody>('POST', '/api/entities/not-an-id/enroll', {
        ...as('headThessaloniki'),
        json: {},
      });
      expect(unknown.status).toBe(404);
    });
  });

  describe('a head decides', () => {
    it("lists the entity's pending requests for its head only", async () => {
      const pending = await api<PermissionPage>(
        'GET',
        `/api/entities/${athens}/pending-permissions`,
        as('headA'),
      );
      expect(pending.status).toBe(200);
      expect(pending.body.data.map((p) => [p.user_info.afm, p.role])).toEqual([
        [AFM.adminWithoutRole, 'clerk'],
        [AFM.clerkB, 'head'],
      ]);
      const clerk = await api<ErrorBody>(
        'GET',
        `/api/entities/${athens}/pending-permissions`,
        as('clerkA'),
      );
      expect([clerk.status, clerk.body.error.code]).toEqual([403, 'head_permission_denied']);
      const otherHead = await api<ErrorBody>(
        'GET',
        `/api/entities/${aade}/pending-permissions`,
        as('headA'),
      );
      expect(otherHead.status).toBe(404);
    });

    it('accepts a request: the person reaches the inbox at once; a second answer is refused', async () => {
      const before = await api('GET', `/api/entity/${athens}/inbox`, as('adminWithoutRole'));
      expect(before.status).toBe(403);
      const [request] = (await myRequests('adminWithoutRole')).body.data;
      const accepted = await api<{ data: Permission }>(
        'POST',
        `/api/entities/${athens}/pending-permissions/${request?.id}/accept`,
        as('headA'),
      );
      expect(accepted.status).toBe(200);
      expect(accepted.body.data).toMatchObject({ state: 'active', response: 'accept' });
      const after = await api('GET', `/api/entity/${athens}/inbox`, as('adminWithoutRole'));
      expect(after.status).toBe(200);
      for (const decision of ['accept', 'reject']) {
        const again = await api<ErrorBody>(
          'POST',
          `/api/entities/${athens}/pending-permissions/${request?.id}/${decision}`,
          as('headA'),
        );
        expect([again.status, again.body.error.code]).toEqual([409, 'action_not_allowed_on_state']);
      }
      const staff = await staffOf();
      expect(staff.find((s) => s.afm === AFM.adminWithoutRole)?.roles).toEqual(['clerk']);
    });

    it('rejects a request; the requester sees the answer', async () => {
      const [request] = (
        await api<PermissionPage>('GET', `/api/entities/${athens}/pending-permissions`, as('headA'))
      ).body.data;
      expect(request?.user_info.afm).toBe(AFM.clerkB);
      const rejected = await api<{ data: Permission }>(
        'POST',
        `/api/entities/${athens}/pending-permissions/${request?.id}/reject`,
        as('headA'),
      );
      expect(rejected.body.data).toMatchObject({ state: 'rejected', response: 'reject' });
      const mine = await myRequests('clerkB');
      expect(mine.body.data[0]).toMatchObject({ id: request?.id, response: 'reject' });
      // A rejected person may ask again.
      expect((await ask('clerkB', { entity_name: 'DIMOS_ATHINAION', role: 'head' })).status).toBe(
        201,
      );
    });

    it("does not decide another entity's request, nor an unknown one", async () => {
      const [aadeRequest] = (await myRequests('headThessaloniki')).body.data;
      const other = await api<ErrorBody>(
        'POST',
        `/api/entities/${athens}/pending-permissions/${aadeRequest?.id}/accept`,
        as('headA'),
      );
      expect(other.status).toBe(404);
      const unknown = await api<ErrorBody>(
        'POST',
        `/api/entities/${athens}/pending-permissions/nope/accept`,
        as('headA'),
      );
      expect(unknown.status).toBe(404);
    });

    it('deactivates a clerk: their very next request is refused', async () => {
      const person = (await staffOf()).find((s) => s.afm === AFM.adminWithoutRole);
      const permission = person?.permissions[0]?.id;
      const done = await api<{ data: StaffEntry[] }>(
        'POST',
        `/api/entities/${athens}/active-permissions/${permission}/deactivate`,
        as('headA'),
      );
      expect(done.status).toBe(200);
      expect(done.body.data.some((s) => s.afm === AFM.adminWithoutRole)).toBe(false);
      const next = await api<ErrorBody>(
        'GET',
        `/api/entity/${athens}/inbox`,
        as('adminWithoutRole'),
      );
      expect(next.status).toBe(403);
      const again = await api<ErrorBody>(
        'POST',
        `/api/entities/${athens}/active-permissions/${permission}/deactivate`,
        as('headA'),
      );
      expect([again.status, again.body.error.code]).toEqual([409, 'action_not_allowed_on_state']);
      // The request list says what happened to it.
      expect((await myRequests('adminWithoutRole')).body.data[0]?.state).toBe('deactivated');
    });

    it('keeps the head from removing their own head entry (matched by tax number)', async () => {
      const me = (await staffOf()).find((s) => s.afm === AFM.headA);
      const head = me?.permissions.find((p) => p.role === 'head')?.id;
      const refused = await api<ErrorBody>(
        'POST',
        `/api/entities/${athens}/active-permissions/${head}/deactivate`,
        as('headA'),
      );
      expect([refused.status, refused.body.error.code]).toEqual([409, 'own_head_entry']);
      const roles = await api<ErrorBody>(
        'PUT',
        `/api/entities/${athens}/staff/${me?.user_id}/roles`,
        {
          ...as('headA'),
          json: { roles: ['clerk'] },
        },
      );
      expect([roles.status, roles.body.error.code]).toEqual([409, 'own_head_entry']);
    });
  });

  describe('staff', () => {
    const add = (json: unknown) =>
      api<{ data: StaffEntry[] } & ErrorBody>(
        'POST',
        `/api/entities/${athens}/active-permissions`,
        {
          ...as('headA'),
          json,
        },
      );

    it('adds a person by a valid tax number, even one who never logged in', async () => {
      const invalid = await add({
        firstname: '',
        surname: 'ΝΕΟΣ',
        afm: '123456789',
        role: 'clerk',
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body.error.data?.invalid_fields).toEqual([
        { invalid_field: 'firstname', error_info: { code: 'required' } },
        { invalid_field: 'afm', error_info: { code: 'afm_invalid' } },
      ]);
      const added = await add({
        firstname: 'Νίκος',
        surname: 'Νέος',
        afm: '200000018',
        role: 'clerk',
      });
      expect(added.status).toBe(201);
      expect(added.body.data.find((s) => s.afm === '200000018')).toMatchObject({
        name: 'Νίκος Νέος',
        roles: ['clerk'],
      });
      const twice = await add({ firstname: 'Ν', surname: 'Ν', afm: '200000018', role: 'clerk' });
      expect([twice.status, twice.body.error.code]).toEqual([409, 'already_enrolled']);
    });

    it('adding a person with a waiting request accepts that request', async () => {
      const waiting = (await myRequests('clerkB')).body.data.find((p) => p.state === 'pending');
      const added = await add({ firstname: 'Α', surname: 'Κ', afm: AFM.clerkB, role: 'head' });
      expect(added.status).toBe(201);
      const mine = await myRequests('clerkB');
      expect(mine.body.data.find((p) => p.id === waiting?.id)?.state).toBe('active');
    });

    it("edits a person's roles: granted and deactivated through the machine", async () => {
      const person = (await staffOf()).find((s) => s.afm === '200000018');
      const put = (roles: string[]) =>
        api<{ data: StaffEntry[] } & ErrorBody>(
          'PUT',
          `/api/entities/${athens}/staff/${person?.user_id}/roles`,
          { ...as('headA'), json: { roles } },
        );
      const both = await put(['clerk', 'head']);
      expect(both.status).toBe(200);
      expect(both.body.data.find((s) => s.afm === '200000018')?.roles).toEqual(['clerk', 'head']);
      const head = await put(['head']);
      expect(head.body.data.find((s) => s.afm === '200000018')?.roles).toEqual(['head']);
      expect((await put([])).status).toBe(400);
      const stranger = await api<ErrorBody>(
        'PUT',
        `/api/entities/${athens}/staff/00000000-0000-0000-0000-000000000000/roles`,
        { ...as('headA'), json: { roles: ['clerk'] } },
      );
      expect(stranger.status).toBe(404);
    });
  });

  describe('settings', () => {
    const patch = (json: unknown, who: Who = 'headA') =>
      api<{ data: DashboardEntity } & ErrorBody>('PATCH', `/api/entities/${athens}`, {
        ...as(who),
        json,
      });

    it('refuses a display name on several lines or holding a web address (it reaches SMS)', async () => {
      const lines = await patch({
        display_name: { el: 'Δήμος\nΑθηναίων', en: 'City of Athens', fr: '' },
      });
      expect(lines.status).toBe(400);
      expect(lines.body.error.data?.invalid_fields).toEqual([
        { invalid_field: 'display_name.el', error_info: { code: 'text_one_line' } },
      ]);
      const link = await patch({
        display_name: {
          el: 'Δήμος Αθηναίων',
          en: 'Pay at https://evil.example/pay',
          fr: 'evil.com',
        },
      });
      expect(link.status).toBe(400);
      expect(link.body.error.data?.invalid_fields).toEqual([
        { invalid_field: 'display_name.en', error_info: { code: 'text_web_address' } },
        { invalid_field: 'display_name.fr', error_info: { code: 'text_web_address' } },
      ]);
    });

    it('saves the display name, a valid e-mail and addressability', async () => {
      const bad = await patch({ email: 'not-an-address' });
      expect(bad.status).toBe(400);
      expect(bad.body.error.data?.invalid_fields).toEqual([
        { invalid_field: 'email', error_info: { code: 'email_invalid' } },
      ]);
      const empty = await patch({ email: ' ' });
      expect(empty.body.error.data?.invalid_fields).toEqual([
        { invalid_field: 'email', error_info: { code: 'required' } },
      ]);
      const saved = await patch({
        display_name: { el: 'Δήμος Αθηναίων', en: 'City of Athens', fr: '' },
        email: 'info@athens.demo.gov.gr',
        is_addressable: true,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data).toMatchObject({
        display_name: { el: 'Δήμος Αθηναίων', en: 'City of Athens', fr: 'Δήμος Αθηναίων' },
        email: 'info@athens.demo.gov.gr',
      });
      const clerk = await patch({ email: 'x@example.gr' }, 'clerkA');
      expect(clerk.status).toBe(403);
    });

    it('edits only a managed entity; activating sets is_managed', async () => {
      await t.database.db
        .updateTable('entities')
        .set({ is_managed: false })
        .where('id', '=', athens)
        .execute();
      const refused = await patch({ email: 'a@athens.demo.gov.gr' });
      expect([refused.status, refused.body.error.code]).toEqual([409, 'entity_not_managed']);
      const activated = await patch({ is_managed: true });
      expect(activated.body.data.is_managed).toBe(true);
      const twice = await patch({ is_managed: true });
      expect([twice.status, twice.body.error.code]).toEqual([409, 'action_not_allowed_on_state']);
      expect((await patch({ email: 'a@athens.demo.gov.gr' })).status).toBe(200);
    });

    it('disables the mailbox: no longer a recipient, its cases read-only; then enables it', async () => {
      const disabled = await patch({ enabled: false });
      expect(disabled.body.data.enabled).toBe(false);
      expect((await patch({ enabled: false })).status).toBe(409);
      const found = await api<{ data: { codename: string }[] }>(
        'GET',
        `/api/recipients?q=${encodeURIComponent('Αθην')}`,
        as('citizenA'),
      );
      expect(found.body.data.map((r) => r.codename)).not.toContain('DIMOS_ATHINAION');
      const list = await api<{ data: { id: string }[] }>(
        'GET',
        `/api/entity/${athens}/inbox`,
        as('clerkA'),
      );
      expect(list.status).toBe(200);
      const caseId = list.body.data[0]?.id;
      const note = await api<ErrorBody>('POST', `/api/entity/${athens}/inbox/${caseId}/comments`, {
        ...as('clerkA'),
        json: { comment: 'σημείωση' },
      });
      expect([note.status, note.body.error.code]).toEqual([409, 'entity_disabled']);
      const read = await api('GET', `/api/entity/${athens}/inbox/${caseId}`, as('clerkA'));
      expect(read.status).toBe(200);
      // No new requests for a disabled entity.
      const asked = await ask('citizenA', { entity_name: 'DIMOS_ATHINAION' });
      expect(asked.status).toBe(403);
      const enabled = await patch({ enabled: true });
      expect(enabled.body.data.enabled).toBe(true);
      const noteAgain = await api('POST', `/api/entity/${athens}/inbox/${caseId}/comments`, {
        ...as('clerkA'),
        json: { comment: 'σημείωση' },
      });
      expect(noteAgain.status).toBe(201);
    });
  });

  it('records every decision with who and when, for the head to read', async () => {
    const record = await decisions();
    const actions = record.map((d) => d.action).reverse();
    expect(actions).toEqual([
      'request',
      'request',
      'accept',
      'reject',
      'request',
      'deactivate',
      'add',
      'add',
      'role_change',
      'role_change',
      'settings_change',
      'activate',
      'settings_change',
      'disable',
      'enable',
    ]);
    const accept = record.find((d) => d.action === 'accept');
    expect(accept).toMatchObject({
      user_display_name: 'ΚΩΝΣΤΑΝΤΙΝΟΣ ΙΩΑΝΝΙΔΗΣ',
      subject_display_name: 'ΓΕΩΡΓΙΟΣ ΑΝΤΩΝΙΟΥ',
      details: { role: 'clerk' },
    });
    expect(Date.parse(accept?.timestamp ?? '')).not.toBeNaN();
    const page = await api<EntityDecisionPage>(
      'GET',
      `/api/entities/${athens}/audit?limit=10&offset=10`,
      as('headA'),
    );
    expect(page.body.data).toHaveLength(5);
    expect(page.body.meta).toMatchObject({ count: 15, total_pages: 2 });
  });

  describe('authorization matrix', () => {
    /** Head-only routes of Athens: a clerk is not a head, clerk B is another entity's. */
    const HEAD = [401, 403, 403, 403, 'ok', 404, 403] as const;
    /** Anyone on the dashboard may ask for a role. */
    const STAFF = [401, 403, 403, 'ok', 'ok', 'ok', 'ok'] as const;
    const fixtures = { accept: '', reject: '', deactivate: '', subject: '', withdraw: '' };

    beforeAll(async () => {
      // clerk B no longer heads Athens (added above): they are again another entity's clerk.
      const clerkB = (await staffOf()).find((s) => s.afm === AFM.clerkB);
      for (const p of clerkB?.permissions ?? []) {
        await api(
          'POST',
          `/api/entities/${athens}/active-permissions/${p.id}/deactivate`,
          as('headA'),
        );
      }
      const pending = async (afm: string, role: 'clerk' | 'head') => {
        const user = await t.database.db
          .selectFrom('users')
          .select('id')
          .where('afm', '=', afm)
          .executeTakeFirstOrThrow();
        const row = await t.database.db
          .insertInto('permissions')
          .values({ user_id: user.id, entity_id: athens, role, state: 'pending' })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      };
      fixtures.accept = await pending('200000018', 'clerk');
      fixtures.withdraw = await pending(AFM.adminWithoutRole, 'head');
      fixtures.reject = await pending(AFM.citizenB, 'clerk');
      await api('POST', `/api/entities/${athens}/active-permissions`, {
        ...as('headA'),
        json: { firstname: 'Ε', surname: 'Δ', afm: '200000020', role: 'clerk' },
      });
      const added = (await staffOf()).find((s) => s.afm === '200000020');
      fixtures.deactivate = added?.permissions[0]?.id ?? '';
      fixtures.subject = (await staffOf()).find((s) => s.afm === '200000018')?.user_id ?? '';
    });

    const routes: MatrixRoute[] = [
      { method: 'GET', path: () => '/api/my-permission-requests', expected: STAFF },
      { method: 'GET', path: () => '/api/entity-directory?q=athin', expected: STAFF },
      {
        // Only the requester (the admin without a role here) may withdraw her request.
        method: 'POST',
        path: () => `/api/my-permission-requests/${fixtures.withdraw}/withdraw`,
        expected: [401, 403, 403, 404, 404, 404, 'ok'],
      },
      {
        method: 'POST',
        path: () => '/api/my-permission-requests',
        json: () => ({ entity_name: 'EFKA' }),
        expected: STAFF,
      },
      {
        method: 'POST',
        path: () => '/api/entities/' + aade + '/enroll',
        json: () => ({ role: 'head' }),
        expected: STAFF,
      },
      { method: 'GET', path: () => `/api/entities/${athens}/active-permissions`, expected: HEAD },
      {
        method: 'POST',
        path: () => `/api/entities/${athens}/active-permissions`,
        json: () => ({ firstname: 'Ζ', surname: 'Η', afm: '200000031', role: 'clerk' }),
        expected: HEAD,
      },
      {
        method: 'PUT',
        path: () => `/api/entities/${athens}/staff/${fixtures.subject}/roles`,
        json: () => ({ roles: ['head'] }),
        expected: HEAD,
      },
      {
        method: 'POST',
        path: () => `/api/entities/${athens}/active-permissions/${fixtures.deactivate}/deactivate`,
        expected: HEAD,
      },
      { method: 'GET', path: () => `/api/entities/${athens}/pending-permissions`, expected: HEAD },
      {
        method: 'POST',
        path: () => `/api/entities/${athens}/pending-permissions/${fixtures.accept}/accept`,
        expected: HEAD,
      },
      {
        method: 'POST',
        path: () => `/api/entities/${athens}/pending-permissions/${fixtures.reject}/reject`,
        expected: HEAD,
      },
      {
        method: 'PATCH',
        path: () => `/api/entities/${athens}`,
        json: () => ({ is_addressable: true }),
        expected: HEAD,
      },
      { method: 'GET', path: () => `/api/entities/${athens}/audit`, expected: HEAD },
      // A head of Athens on AADE: not theirs.
      {
        method: 'PATCH',
        path: () => `/api/entities/${aade}`,
        json: () => ({ is_addressable: true }),
        expected: [401, 403, 403, 404, 404, 403, 403],
      },
    ];

    it.each(routes.map((r) => [`${r.method} ${r.path.toString().slice(6, 80)}`, r] as const))(
      '%s',
      async (_name, route) => expectMatrix(api, tokens, MATRIX_CALLERS, route),
    );
  });
});

describe('heads: a head removes or demotes only heads who became head after her (issue #31)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let headA: string | undefined;
  let athens: string;
  const NEW_HEAD = '200000043';

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    api = client(t.app);
    headA = (await loginMatrix(t)).headA;
    athens = await entityId(t, 'DIMOS_ATHINAION');
    const added = await api('POST', `/api/entities/${athens}/active-permissions`, {
      token: headA,
      json: { firstname: 'Νέα', surname: 'Διαχειρίστρια', afm: NEW_HEAD, role: 'head' },
    });
    expect(added.status).toBe(201);
  }, 60_000);
  afterAll(async () => t?.close());

  const staff = async (token: string | undefined) =>
    (
      await api<{ data: StaffEntry[] }>('GET', `/api/entities/${athens}/active-permissions`, {
        token,
      })
    ).body.data;

  it('a head added later cannot remove or demote the head who added her', async () => {
    // Her first admin login (is_admin from the provider) lets her on the dashboard.
    await t.database.db
      .updateTable('users')
      .set({ is_admin: true })
      .where('afm', '=', NEW_HEAD)
      .execute();
    const newHead = await loginStaff(t, NEW_HEAD);
    const original = (await staff(newHead)).find((s) => s.afm === MATRIX_AFM.headA);
    const headEntry = original?.permissions.find((p) => p.role === 'head');
    expect(headEntry).toBeDefined();
    const removed = await api<ErrorBody>(
      'POST',
      `/api/entities/${athens}/active-permissions/${headEntry?.id}/deactivate`,
      { token: newHead },
    );
    expect([removed.status, removed.body.error.code]).toEqual([409, 'senior_head']);
    const demoted = await api<ErrorBody>(
      'PUT',
      `/api/entities/${athens}/staff/${original?.user_id}/roles`,
      { token: newHead, json: { roles: ['clerk'] } },
    );
    expect([demoted.status, demoted.body.error.code]).toEqual([409, 'senior_head']);
    // Nothing changed: the original head still heads the entity.
    const still = (await staff(headA)).find((s) => s.afm === MATRIX_AFM.headA);
    expect(still?.permissions.map((p) => p.role).sort()).toEqual(
      original?.permissions.map((p) => p.role).sort(),
    );
  });

  it('the senior head may demote the newer one', async () => {
    const added = (await staff(headA)).find((s) => s.afm === NEW_HEAD);
    const demoted = await api('PUT', `/api/entities/${athens}/staff/${added?.user_id}/roles`, {
      token: headA,
      json: { roles: ['clerk'] },
    });
    expect(demoted.status).toBe(200);
    const after = (await staff(headA)).find((s) => s.afm === NEW_HEAD);
    expect(after?.permissions.map((p) => p.role)).toEqual(['clerk']);
  });
});
