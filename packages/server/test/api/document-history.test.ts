import {
  documentHistoryPageSchema,
  type ApiDocument,
  type DocumentHistoryPage,
} from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import type { client, ErrorBody } from '../fixtures/http';
import { issueToAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  startMatrixApp,
  type Caller,
} from '../fixtures/matrix';
import type { TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
type HistoryAnswer = DocumentHistoryPage & ErrorBody;

/** The names a document's life writes, in order (spec section 4, document history). */
const LIFE = [
  'create',
  'update',
  'update',
  'requested',
  'issued',
  'pdf_created',
  'reply',
  'revoked',
] as const;

describe('document history', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let athensName: { el: string; en: string; fr: string };
  let documentId: string;
  let caseId: string;
  let replyId: string;
  const names: Partial<Record<Caller, string>> = {};

  const ownHistory = (id: string, token = tokens.citizenA, query = '') =>
    api<HistoryAnswer>('GET', `/api/my-declarations/${id}/history${query}`, { token });
  const caseHistory = (token = tokens.clerkA, entity = athens, inbox = caseId, query = '') =>
    api<HistoryAnswer>('GET', `/api/entity/${entity}/inbox/${inbox}/document-history${query}`, {
      token,
    });

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
    const entity = await t.database.db
      .selectFrom('entities')
      .select('display_name')
      .where('id', '=', athens)
      .executeTakeFirstOrThrow();
    athensName = entity.display_name as typeof athensName;
    for (const who of ['citizenA', 'clerkA'] as const) {
      const user = await t.database.db
        .selectFrom('users')
        .select(['firstname', 'surname'])
        .where('afm', '=', MATRIX_AFM[who])
        .executeTakeFirstOrThrow();
      names[who] = [user.firstname, user.surname].filter(Boolean).join(' ');
    }

    // Citizen A's declaration to Athens: create, two steps, the SMS code, issued with its PDF.
    const issued = await issueToAthens(t, api, tokens.citizenA, 'Ζητώ βεβαίωση κατοικίας.');
    documentId = issued.id;
    const entry = await t.database.db
      .selectFrom('inbox_entries')
      .select('id')
      .where('case_id', '=', issued.caseNumber)
      .executeTakeFirstOrThrow();
    caseId = entry.id;

    // Athens's clerk replies to the case: a `reply` row on the citizen's document.
    const started = await api<DocumentAnswer & ErrorBody>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/reply`,
      { token: tokens.clerkA, json: { template: 'entity-reply' } },
    );
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    replyId = started.body.data.document.id;
    const step = (statements: Record<string, unknown>, extra = {}) =>
      api<DocumentAnswer & ErrorBody>('POST', `/api/entity/${athens}/documents/${replyId}`, {
        token: tokens.clerkA,
        json: { document: { statements }, ...extra },
      });
    expect((await step({ subject: 'Η απάντησή μας', body: 'Εγκρίθηκε.' })).status).toBe(200);
    const submitted = await step({}, { action: 'submit' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.data.document.state).toBe('issued');

    // The citizen revokes her declaration.
    const revoked = await api('POST', `/api/my-declarations/${documentId}/action`, {
      token: tokens.citizenA,
      json: { action: 'revoke' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('the owner reads the whole life, oldest first, the reply under the entity’s name', async () => {
    const response = await ownHistory(documentId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const page = documentHistoryPageSchema.parse(response.body);
    expect(page.data.map((item) => item.action)).toEqual(LIFE);
    expect(page.meta).toEqual({ count: LIFE.length, limit: 50, offset: 0, total_pages: 1 });
    const times = page.data.map((item) => Date.parse(item.timestamp));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const ids = page.data.map((item) => Number(item.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const byAction = new Map(page.data.map((item) => [item.action, item]));
    expect(byAction.get('create')).toMatchObject({
      actor: 'owner',
      actor_display_name: names.citizenA,
      action_display: 'Δημιουργία',
    });
    expect(byAction.get('issued')?.action_display).toBe('Έκδοση');
    expect(byAction.get('pdf_created')?.action_display).toBe('Δημιουργία PDF');
    expect(byAction.get('revoked')).toMatchObject({ actor: 'owner', action_display: 'Ανάκληση' });
    // The citizen sees the entity, never the clerk.
    expect(byAction.get('reply')).toMatchObject({
      actor: 'entity',
      actor_display_name: athensName.el,
      action_display: 'Απάντηση φορέα',
    });
    expect(JSON.stringify(page)).not.toContain(names.clerkA);
  });

  it('translates the actions and the entity’s name into English and French', async () => {
    const english = await ownHistory(documentId, tokens.citizenA, '?lang=en');
    const reply = english.body.data.find((item) => item.action === 'reply');
    expect(reply).toMatchObject({
      action_display: 'Reply from the public body',
      actor_display_name: athensName.en,
    });
    expect(english.body.data[0]?.action_display).toBe('Created');
    const french = await api<HistoryAnswer>('GET', `/api/my-declarations/${documentId}/history`, {
      token: tokens.citizenA,
      headers: { 'accept-language': 'fr' },
    });
    expect(french.body.data.find((item) => item.action === 'revoked')?.action_display).toBe(
      'Révoqué',
    );
  });

  it('pages with limit and offset', async () => {
    const response = await ownHistory(documentId, tokens.citizenA, '?limit=3&offset=3');
    expect(response.status).toBe(200);
    expect(response.body.data.map((item) => item.action)).toEqual(LIFE.slice(3, 6));
    expect(response.body.meta).toEqual({
      count: LIFE.length,
      limit: 3,
      offset: 3,
      total_pages: Math.ceil(LIFE.length / 3),
    });
  });

  it('the staff read the same life with the clerk’s and the citizen’s names', async () => {
    for (const who of ['clerkA', 'headA'] as const) {
      const response = await caseHistory(tokens[who]);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      const page = documentHistoryPageSchema.parse(response.body);
      expect(page.data.map((item) => item.action)).toEqual(LIFE);
      expect(page.data.find((item) => item.action === 'reply')).toMatchObject({
        actor: 'entity',
        actor_display_name: names.clerkA,
      });
      expect(page.data.find((item) => item.action === 'create')).toMatchObject({
        actor: 'owner',
        actor_display_name: names.citizenA,
      });
    }
  });

  it('the citizen reads the reply document’s own history under the entity’s name', async () => {
    const response = await ownHistory(replyId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const actions = response.body.data.map((item) => item.action);
    expect(actions[0]).toBe('create');
    expect(actions).toContain('issued');
    for (const item of response.body.data) {
      expect(item.actor).toBe('entity');
      expect(item.actor_display_name).toBe(athensName.el);
    }
  });

  it('another citizen, a malformed id, an unknown id: 404 as the document itself', async () => {
    const other = await ownHistory(documentId, tokens.citizenB);
    expect([other.status, other.body.error.code]).toEqual([
      404,
      'document_api__declaration_not_found',
    ]);
    const malformed = await ownHistory('not-a-uuid');
    expect([malformed.status, malformed.body.error.code]).toEqual([
      404,
      'document_api__declaration_not_found',
    ]);
    expect((await ownHistory(crypto.randomUUID())).status).toBe(404);
    // The case route: a malformed or unknown case is 404 case_not_found.
    const badCase = await caseHistory(tokens.clerkA, athens, 'not-a-uuid');
    expect([badCase.status, badCase.body.error.code]).toEqual([404, 'case_not_found']);
    expect((await caseHistory(tokens.clerkA, athens, crypto.randomUUID())).status).toBe(404);
  });

  it('the authorization matrix of both routes (seven callers)', async () => {
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/my-declarations/${documentId}/history`,
      expected: [401, 'ok', 404, 404, 404, 404, 404],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/entity/${athens}/inbox/${caseId}/document-history`,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
  });

  it('a case forwarded to another entity: its staff read the history too', async () => {
    const forwarded = await api<ErrorBody>(
      'POST',
      '/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action',
      {
        token: tokens.clerkA,
        json: { action: 'forward', object_id: caseId, arguments: { 'target-codename': 'AADE' } },
      },
    );
    expect(forwarded.status, JSON.stringify(forwarded.body)).toBe(200);
    const aade = await entityId(t, 'AADE');
    const target = await t.database.db
      .selectFrom('case_forwards')
      .select('target_entry_id')
      .where('source_entry_id', '=', caseId)
      .executeTakeFirstOrThrow();
    const response = await caseHistory(tokens.clerkB, aade, target.target_entry_id);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.map((item) => item.action)).toEqual(LIFE);
    // Still not through Athens's address, nor the source case through AADE's.
    expect((await caseHistory(tokens.clerkB, athens, caseId)).status).toBe(404);
    expect((await caseHistory(tokens.clerkB, aade, caseId)).status).toBe(404);
  });
});
