import type { SavedView } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import type { client, ErrorBody } from '../fixtures/http';
import { expectMatrix, MATRIX_CALLERS, startMatrixApp, type Caller } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

/**
 * Issue #41: a clerk's saved views of an entity's list (her own, named, at most 20), and the
 * search panel's pick-lists: the templates of the entity's cases, and the filter by template.
 */
type ViewAnswer = { data: SavedView } & ErrorBody;
type ViewsAnswer = { data: SavedView[] } & ErrorBody;

describe('saved views', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;

  const save = (json: Record<string, unknown>, token = tokens.clerkA) =>
    api<ViewAnswer>('POST', `/api/entity/${athens}/saved-views`, {
      token,
      json,
      headers: { 'accept-language': 'en' },
    });
  const list = (token = tokens.clerkA) =>
    api<ViewsAnswer>('GET', `/api/entity/${athens}/saved-views`, { token });

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('saves the list filters under a name, lists and deletes only her own', async () => {
    const saved = await save({
      name: '  Οι δικές μου   εκκρεμείς ',
      tab: 'pending',
      query: '?assignee=me&case=&ordering=received_at',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.data).toMatchObject({
      name: 'Οι δικές μου εκκρεμείς',
      tab: 'pending',
      query: 'assignee=me&ordering=received_at',
    });
    expect((await list()).body.data.map((view) => view.name)).toEqual(['Οι δικές μου εκκρεμείς']);
    // The head of the same entity has her own, empty list; she cannot delete the clerk's.
    expect((await list(tokens.headA)).body.data).toEqual([]);
    const foreign = await api<ErrorBody>(
      'DELETE',
      `/api/entity/${athens}/saved-views/${saved.body.data.id}`,
      { token: tokens.headA },
    );
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('saved_view_not_found');
    const removed = await api('DELETE', `/api/entity/${athens}/saved-views/${saved.body.data.id}`, {
      token: tokens.clerkA,
    });
    expect(removed.status).toBe(204);
    expect((await list()).body.data).toEqual([]);
  });

  it('refuses a blank or long name, a foreign parameter, a twin name and the 21st view', async () => {
    expect((await save({ name: ' ', tab: 'all', query: '' })).status).toBe(400);
    expect((await save({ name: 'α'.repeat(61), tab: 'all', query: '' })).status).toBe(400);
    const foreign = await save({ name: 'Κλειδί', tab: 'all', query: 'token=x' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.data?.invalid_fields).toEqual([
      { invalid_field: 'query', error_info: { code: 'invalid_saved_view' } },
    ]);
    expect((await save({ name: 'Όλες', tab: 'nope', query: '' })).status).toBe(400);
    for (let index = 0; index < 20; index += 1) {
      expect((await save({ name: `Προβολή ${index}`, tab: 'all', query: '' })).status).toBe(201);
    }
    const twin = await save({ name: 'προβολή 3', tab: 'all', query: '' });
    expect(twin.status).toBe(409);
    expect(twin.body.error.code).toBe('saved_view_exists');
    const full = await save({ name: 'Μία ακόμη', tab: 'all', query: '' });
    expect(full.status).toBe(409);
    expect(full.body.error.code).toBe('saved_views_full');
    expect(full.body.error.message).toBe(
      'You already have 20 saved views. Delete one to save a new one.',
    );
  });

  it('authorization matrix', async () => {
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/saved-views`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    let index = 0;
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${athens}/saved-views`,
      json: () => ({ name: `Πίνακας ${index++}`, tab: 'all', query: '' }),
      // The clerk has her 20 views from the test above (409 saved_views_full: allowed, but full).
      expected: [401, 403, 403, 409, 'ok', 404, 403],
    });
  });

  it("lists the templates of the entity's cases and filters the list by one", async () => {
    await openCaseAtAthens(t, api, tokens.citizenA, 'Δηλώνω ότι μένω στην Αθήνα.');
    const templates = await api<{ data: { refname: string; shortname: { el: string } }[] }>(
      'GET',
      `/api/entity/${athens}/inbox-templates`,
      { token: tokens.clerkA },
    );
    expect(templates.status).toBe(200);
    const refnames = templates.body.data.map((row) => row.refname);
    expect(refnames).toContain('solemn-declaration');
    expect(new Set(refnames).size).toBe(refnames.length);
    type Inbox = {
      data: { template_refname?: string; declaration: { template_id: string } }[];
      total: number;
    };
    const all = await api<Inbox>('GET', `/api/entity/${athens}/inbox?limit=100`, {
      token: tokens.clerkA,
    });
    const filtered = await api<Inbox>(
      'GET',
      `/api/entity/${athens}/inbox?limit=100&template=solemn-declaration`,
      { token: tokens.clerkA },
    );
    expect(filtered.status).toBe(200);
    expect(filtered.body.total).toBeGreaterThan(0);
    expect(filtered.body.total).toBeLessThanOrEqual(all.body.total);
    for (const row of filtered.body.data) {
      expect(row.declaration.template_id).toBe('solemn-declaration');
    }
    const none = await api<Inbox>('GET', `/api/entity/${athens}/inbox?template=no-such`, {
      token: tokens.clerkA,
    });
    expect(none.body.total).toBe(0);
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/inbox-templates`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
  });
});
