import type {
  CaseDetail,
  ForwardResult,
  ForwardTargets,
  HistoryItem,
  InboxList,
} from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { client, ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  startMatrixApp,
  type MatrixRoute,
} from '../fixtures/matrix';
import { loginStaff } from '../fixtures/staff';
import type { TestApp } from '../helpers';

const AFM = {
  ...MATRIX_AFM,
  clerkThessaloniki: '100000090',
  headEfka: '100000107',
};
type Who = keyof typeof AFM | 'anonymous';

describe('forwarding a case between entities', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Who, string | undefined>;
  const entityIds: Record<string, string> = {};
  let caseId: string;
  let caseNumber: string;

  const forward = (token: string | undefined, body: unknown, gate = 'DIMOS_ATHINAION') =>
    api<{ data: ForwardResult } & ErrorBody>(
      'POST',
      `/api/gates/${gate}/gate/inbox-entries/action`,
      {
        token,
        json: body,
      },
    );
  const toEntities = (objectId: string, target: string | string[]) => ({
    action: 'forward',
    object_id: objectId,
    arguments: { 'target-codename': target },
  });
  const caseOf = (entity: string, inboxId: string, who: Who = 'clerkA') =>
    api<{ data: CaseDetail } & ErrorBody>(
      'GET',
      `/api/entity/${entityIds[entity]}/inbox/${inboxId}`,
      {
        token: tokens[who],
      },
    );
  const targetEntry = async (entity: string, number: string) =>
    t.database.db
      .selectFrom('case_forwards')
      .innerJoin('inbox_entries', 'inbox_entries.id', 'case_forwards.target_entry_id')
      .innerJoin('entities', 'entities.id', 'inbox_entries.entity_id')
      .innerJoin('inbox_entries as source', 'source.id', 'case_forwards.source_entry_id')
      .select(['inbox_entries.id', 'inbox_entries.case_id', 'inbox_entries.status'])
      .where('entities.codename', '=', entity)
      .where('source.case_id', '=', number)
      .executeTakeFirst();

  /** A case opened at Athens by citizen A's declaration. */
  const openCase = () => openCaseAtAthens(t, api, tokens.citizenA);

  beforeAll(async () => {
    const started = await startMatrixApp();
    ({ t, api } = started);
    tokens = {
      ...started.tokens,
      clerkThessaloniki: await loginStaff(t, AFM.clerkThessaloniki),
      headEfka: await loginStaff(t, AFM.headEfka),
    };
    const rows = await t.database.db.selectFrom('entities').select(['id', 'codename']).execute();
    for (const row of rows) entityIds[row.codename] = row.id;
    ({ caseId, caseNumber } = await openCase());
  }, 60_000);
  afterAll(async () => t?.close());

  it('lists the entities and datasets a case can go to, never the entity itself', async () => {
    const targets = await api<{ data: ForwardTargets }>(
      'GET',
      `/api/entity/${entityIds.DIMOS_ATHINAION}/forward-targets`,
      { token: tokens.clerkA },
    );
    expect(targets.status).toBe(200);
    const codenames = targets.body.data.entities.map((e) => e.codename);
    expect(codenames).toContain('DIMOS_THESSALONIKIS');
    expect(codenames).not.toContain('DIMOS_ATHINAION');
    expect(targets.body.data.datasets).toContainEqual(
      expect.objectContaining({
        codename: 'SOCIAL_SECURITY_TAX',
        members: ['AADE', 'EFKA'],
      }),
    );
  });

  it('forwards to another entity: a new incoming case there with the link back, the source labelled', async () => {
    const before = await api<InboxList>(
      'GET',
      `/api/entity/${entityIds.DIMOS_THESSALONIKIS}/inbox?status=incoming`,
      { token: tokens.clerkThessaloniki },
    );
    const forwarded = await forward(tokens.clerkA, toEntities(caseId, 'DIMOS_THESSALONIKIS'));
    expect(forwarded.status).toBe(200);
    const [link] = forwarded.body.data.forwarded;
    expect(link).toMatchObject({
      entity_codename: 'DIMOS_THESSALONIKIS',
      entity_display_name: expect.objectContaining({ el: expect.stringContaining('Θεσσαλονίκ') }),
      recipient_dataset: null,
    });
    expect(link?.case_id).toMatch(/^\d{4}\/\d{6}$/);
    expect(link?.case_id).not.toBe(caseNumber);

    // The target entity's clerk sees it in incoming; the counters followed in the same transaction.
    const after = await api<InboxList>(
      'GET',
      `/api/entity/${entityIds.DIMOS_THESSALONIKIS}/inbox?status=incoming`,
      { token: tokens.clerkThessaloniki },
    );
    expect(after.body.meta.counts.incoming).toBe(before.body.meta.counts.incoming + 1);
    const arrived = after.body.data.find((item) => item.declaration.case_id === link?.case_id);
    expect(arrived).toMatchObject({
      inbox_status: 'incoming',
      forwarded: false,
      declaration: expect.objectContaining({ user_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ' }),
    });
    const target = await caseOf('DIMOS_THESSALONIKIS', arrived?.id ?? '', 'clerkThessaloniki');
    expect(target.status).toBe(200);
    expect(target.body.data.forwarded_from).toMatchObject({
      entity_codename: 'DIMOS_ATHINAION',
      case_id: caseNumber,
    });
    // The same document: its statements travel with the case.
    expect(target.body.data.document.statements.length).toBeGreaterThan(0);

    // The source keeps its status, with the "forwarded" label in the list and on the case.
    const source = await caseOf('DIMOS_ATHINAION', caseId);
    expect(source.body.data.inbox_status).toBe('incoming');
    expect(source.body.data.forwarded).toBe(true);
    expect(source.body.data.forwarded_to.map((f) => f.case_id)).toEqual([link?.case_id]);
    const list = await api<InboxList>('GET', `/api/entity/${entityIds.DIMOS_ATHINAION}/inbox`, {
      token: tokens.clerkA,
    });
    expect(list.body.data.find((item) => item.id === caseId)?.forwarded).toBe(true);

    // History on both sides.
    const history = async (entity: string, id: string, who: Who) =>
      (
        await api<{ data: HistoryItem[] }>(
          'GET',
          `/api/entity/${entityIds[entity]}/inbox/${id}/history`,
          { token: tokens[who] },
        )
      ).body.data;
    expect((await history('DIMOS_ATHINAION', caseId, 'clerkA')).at(-1)).toMatchObject({
      action: 'forwarded',
      details: {
        entity: 'DIMOS_THESSALONIKIS',
        entity_display_name: link?.entity_display_name,
        case_id: link?.case_id,
      },
    });
    expect(
      (await history('DIMOS_THESSALONIKIS', arrived?.id ?? '', 'clerkThessaloniki')).at(-1),
    ).toMatchObject({
      action: 'forwarded_from',
      details: {
        entity: 'DIMOS_ATHINAION',
        entity_display_name: { el: expect.stringMatching(/Αθην/) },
        case_id: caseNumber,
      },
    });
  });

  it('refuses a second forward to the same entity, duplicates, unknown, disabled and self', async () => {
    const again = await forward(tokens.headA, toEntities(caseId, 'DIMOS_THESSALONIKIS'));
    expect([again.status, again.body.error.code]).toEqual([409, 'already_forwarded']);
    const duplicate = await forward(tokens.clerkA, toEntities(caseId, ['EKPA', 'ekpa']));
    expect([duplicate.status, duplicate.body.error.code]).toEqual([400, 'duplicate_targets']);
    const unknown = await forward(tokens.clerkA, toEntities(caseId, 'NO_SUCH_BODY'));
    expect([unknown.status, unknown.body.error.code]).toEqual([404, 'forward_target_not_found']);
    const self = await forward(tokens.clerkA, toEntities(caseId, 'DIMOS_ATHINAION'));
    expect([self.status, self.body.error.code]).toEqual([400, 'forward_to_self']);
    await t.database.db
      .updateTable('entities')
      .set({ enabled: false })
      .where('codename', '=', 'YPES')
      .execute();
    const disabled = await forward(tokens.clerkA, toEntities(caseId, 'YPES'));
    expect([disabled.status, disabled.body.error.code]).toEqual([409, 'forward_target_disabled']);
    await t.database.db
      .updateTable('entities')
      .set({ enabled: true })
      .where('codename', '=', 'YPES')
      .execute();
    // All or nothing: one bad target among good ones forwards to none.
    const mixed = await forward(tokens.clerkA, toEntities(caseId, ['EKPA', 'NO_SUCH_BODY']));
    expect(mixed.status).toBe(404);
    expect(await targetEntry('EKPA', caseNumber)).toBeUndefined();
    const blank = await forward(tokens.clerkA, toEntities(caseId, ' '));
    expect(blank.status).toBe(400);
    const notACase = await forward(tokens.clerkA, toEntities('not-a-case', 'EKPA'));
    expect([notACase.status, notACase.body.error.code]).toEqual([404, 'case_not_found']);
    const malformed = await forward(tokens.clerkA, { action: 'forward', object_id: caseId });
    expect(malformed.status).toBe(400);
    const unknownAction = await forward(tokens.clerkA, { action: 'teleport', object_id: caseId });
    expect(unknownAction.status).toBe(400);
  });

  it('forwards to the members of a recipient dataset, passing over those already holding it', async () => {
    const { caseId: id, caseNumber: number } = await openCase();
    const first = await forward(tokens.clerkA, toEntities(id, 'AADE'));
    expect(first.status).toBe(200);
    const info = await forward(tokens.clerkA, {
      action: 'forward-info',
      object_id: id,
      arguments: { recipient_dataset: 'SOCIAL_SECURITY_TAX' },
    });
    expect(info.status).toBe(200);
    expect(info.body.data.forwarded.map((f) => [f.entity_codename, f.recipient_dataset])).toEqual([
      ['EFKA', 'SOCIAL_SECURITY_TAX'],
    ]);
    expect(await targetEntry('EFKA', number)).toMatchObject({ status: 'incoming' });
    const again = await forward(tokens.clerkA, {
      action: 'forward-info',
      object_id: id,
      arguments: { recipient_dataset: 'SOCIAL_SECURITY_TAX' },
    });
    expect([again.status, again.body.error.code]).toEqual([409, 'already_forwarded']);
    const none = await forward(tokens.clerkA, {
      action: 'forward-info',
      object_id: id,
      arguments: { recipient_dataset: 'NO_SUCH_DATASET' },
    });
    expect([none.status, none.body.error.code]).toEqual([404, 'no_dataset']);
    // The dataset of large municipalities, sent from Athens: only Thessaloniki is left.
    const municipalities = await forward(tokens.clerkA, {
      action: 'forward-info',
      object_id: id,
      arguments: { recipient_dataset: 'MUNICIPALITIES' },
    });
    expect(municipalities.body.data.forwarded.map((f) => f.entity_codename)).toEqual([
      'DIMOS_THESSALONIKIS',
    ]);
    // The entity that received a forwarded case can forward it on, under its own gate.
    const efkaCase = await targetEntry('EFKA', number);
    const onward = await forward(tokens.headEfka, toEntities(efkaCase?.id ?? '', 'EKPA'), 'EFKA');
    expect(onward.status).toBe(200);
  });

  it('carries an optional comment to the history of both cases; refuses one over a note’s length', async () => {
    const { caseId: id, caseNumber: number } = await openCase();
    const tooLong = await forward(tokens.clerkA, {
      action: 'forward',
      object_id: id,
      arguments: { 'target-codename': 'DIMOS_THESSALONIKIS', comment: 'α'.repeat(4001) },
    });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.code).toBe('invalid_request');
    expect(JSON.stringify(tooLong.body.error.data)).toContain('comment');
    expect(await targetEntry('DIMOS_THESSALONIKIS', number)).toBeUndefined();

    const comment = 'Αφορά ακίνητο στη Θεσσαλονίκη. <b>Όχι</b> HTML.';
    const forwarded = await forward(tokens.clerkA, {
      action: 'forward',
      object_id: id,
      arguments: { 'target-codename': 'DIMOS_THESSALONIKIS', comment: `  ${comment}\n` },
    });
    expect(forwarded.status).toBe(200);
    const target = await targetEntry('DIMOS_THESSALONIKIS', number);
    const historyOf = async (entity: string, inbox: string, who: Who) =>
      (
        await api<{ data: HistoryItem[] }>(
          'GET',
          `/api/entity/${entityIds[entity]}/inbox/${inbox}/history`,
          { token: tokens[who] },
        )
      ).body.data.at(-1);
    // Kept as the plain text typed, trimmed, on both sides.
    expect(await historyOf('DIMOS_ATHINAION', id, 'clerkA')).toMatchObject({
      action: 'forwarded',
      details: { comment },
    });
    expect(
      await historyOf('DIMOS_THESSALONIKIS', target?.id ?? '', 'clerkThessaloniki'),
    ).toMatchObject({ action: 'forwarded_from', details: { comment } });

    // A blank comment is none.
    const blank = await forward(tokens.clerkA, {
      action: 'forward-info',
      object_id: id,
      arguments: { recipient_dataset: 'SOCIAL_SECURITY_TAX', comment: '   ' },
    });
    expect(blank.status).toBe(200);
    expect((await historyOf('DIMOS_ATHINAION', id, 'clerkA'))?.details).not.toHaveProperty(
      'comment',
    );
  });

  describe('authorization matrix', () => {
    const routes: (MatrixRoute & { name: string })[] = [
      {
        name: 'POST forward on the Athens gate',
        method: 'POST',
        path: () => '/api/gates/DIMOS_ATHINAION/gate/inbox-entries/action',
        // A different target per caller, so each allowed caller's forward is a first one.
        json: (who) => toEntities(caseId, who === 'headA' ? 'ELAS_ATTIKIS' : 'EKPA'),
        expected: [401, 403, 403, 'ok', 'ok', 404, 403],
      },
      {
        name: "POST forward of Athens' case on the AADE gate",
        method: 'POST',
        path: () => '/api/gates/AADE/gate/inbox-entries/action',
        json: () => toEntities(caseId, 'EFKA'),
        // Clerk B holds AADE, but the case is not AADE's.
        expected: [401, 403, 403, 404, 404, 404, 403],
      },
      {
        name: 'GET forward targets of Athens',
        method: 'GET',
        path: () => `/api/entity/${entityIds.DIMOS_ATHINAION}/forward-targets`,
        expected: [401, 403, 403, 'ok', 'ok', 404, 403],
      },
      {
        name: "GET the forwarded case in Thessaloniki's inbox",
        method: 'GET',
        path: () => `/api/entity/${entityIds.DIMOS_THESSALONIKIS}/inbox/${forwardedId}`,
        expected: [401, 403, 403, 404, 404, 404, 403],
      },
    ];
    let forwardedId = '';
    beforeAll(async () => {
      forwardedId = (await targetEntry('DIMOS_THESSALONIKIS', caseNumber))?.id ?? '';
    });

    it.each(routes.map((r) => [r.name, r] as const))('%s', async (_name, route) =>
      expectMatrix(api, tokens, MATRIX_CALLERS, route),
    );
  });
});
