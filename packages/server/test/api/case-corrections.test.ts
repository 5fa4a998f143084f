import type { ApiDocument, CaseDetail, MyCorrection } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import type { client, ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import { expectMatrix, MATRIX_CALLERS, startMatrixApp, type Caller } from '../fixtures/matrix';
import type { TestApp } from '../helpers';

/**
 * Issue #41: a clerk asks the citizen to correct her document; she starts a draft pre-filled
 * from it, and once issued it replaces the document in the same case (no new case), the old one
 * revoked or kept valid as she chose; the history shows both codes.
 */
type DocumentAnswer = { data: { document: ApiDocument } } & ErrorBody;
type CaseAnswer = { data: CaseDetail } & ErrorBody;
type CorrectionAnswer = { data: MyCorrection } & ErrorBody;

describe('corrections asked of the citizen', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;

  const ask = (caseId: string, reason: string, token = tokens.clerkA) =>
    api<CaseAnswer>('POST', `/api/entity/${athens}/inbox/${caseId}/correction`, {
      token,
      json: { reason },
    });
  const correctionOf = (id: string, token = tokens.citizenA) =>
    api<CorrectionAnswer>('GET', `/api/my-corrections/${id}`, { token });
  const startDraft = (id: string, revoke: boolean, token = tokens.citizenA) =>
    api<DocumentAnswer>('POST', `/api/my-corrections/${id}/draft`, {
      token,
      json: { revoke_previous: revoke },
    });
  const save = (id: string, json: Record<string, unknown>) =>
    api<DocumentAnswer>('POST', `/api/my-declarations/${id}`, { token: tokens.citizenA, json });
  /** Her draft through its steps to the SMS code and issued. */
  const issueDraft = async (id: string, statement: string) => {
    expect((await save(id, { document: { statements: { statement } } })).status).toBe(200);
    const recipient = { type: 'entity', codename: 'DIMOS_ATHINAION', name: { el: 'x', en: 'x' } };
    expect((await save(id, { document: { statements: { recipient } } })).status).toBe(200);
    const submitted = await save(id, { document: { statements: {} }, action: 'submit' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    const sms = await t.database.db
      .selectFrom('outbox')
      .select('body')
      .where('document_id', '=', id)
      .where('message_key', '=', 'otp_sms')
      .executeTakeFirstOrThrow();
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    const issued = await save(id, { document: { statements: { otp_code: code } } });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    return issued.body.data.document;
  };
  const entryOf = (caseId: string) =>
    t.database.db
      .selectFrom('inbox_entries')
      .select(['document_id', 'reference_code', 'status'])
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
  const stateOf = async (documentId: string) =>
    (
      await t.database.db
        .selectFrom('documents')
        .select('state')
        .where('id', '=', documentId)
        .executeTakeFirstOrThrow()
    ).state;

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('asks, the citizen corrects, the case holds the new document and the old is revoked', async () => {
    const { caseId, caseNumber } = await openCaseAtAthens(
      t,
      api,
      tokens.citizenA,
      'Δηλώνω ότι μένω στην Αθήνα.',
    );
    const before = await entryOf(caseId);
    const asked = await ask(caseId, 'Λείπει η διεύθυνση κατοικίας.');
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.data.inbox_status).toBe('pending');
    expect(asked.body.data.correction).toMatchObject({
      state: 'requested',
      reason: 'Λείπει η διεύθυνση κατοικίας.',
      reference_code: before.reference_code,
    });
    const id = asked.body.data.correction?.id ?? '';
    expect((await ask(caseId, 'Και κάτι ακόμη.')).body.error?.code).toBe(
      'correction_already_requested',
    );
    // The citizen's mailbox says so, with the way to correct.
    const message = await t.database.db
      .selectFrom('citizen_messages')
      .select('state_data')
      .where('inbox_entry_id', '=', caseId)
      .where('type', '=', 'message')
      .executeTakeFirstOrThrow();
    expect(message.state_data).toMatchObject({ correction_link: `/my/corrections/${id}` });

    const read = await correctionOf(id);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({
      state: 'requested',
      case_id: caseNumber,
      template: 'solemn-declaration',
      draft_document_id: null,
    });
    expect(read.body.data.entity_name.el).toBe('Δήμος Αθηναίων');

    const started = await startDraft(id, true);
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const draft = started.body.data.document;
    expect(draft.state).toBe('editing');
    // Pre-filled from the document to correct.
    expect(draft.statements).toMatchObject({ statement: 'Δηλώνω ότι μένω στην Αθήνα.' });
    expect((await correctionOf(id)).body.data).toMatchObject({
      state: 'drafted',
      draft_document_id: draft.id,
    });

    const cases = await t.database.db
      .selectFrom('inbox_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const issued = await issueDraft(draft.id, 'Δηλώνω ότι μένω στην Αθήνα, οδός Πατησίων 10.');
    expect(issued.state).toBe('issued');
    expect(issued.case_id).toBe(caseNumber);
    // No new case: the same one now holds the corrected document.
    const after = await t.database.db
      .selectFrom('inbox_entries')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(cases.n);
    const entry = await entryOf(caseId);
    expect(entry.document_id).toBe(draft.id);
    expect(entry.reference_code).toBe(issued.reference_code);
    expect(await stateOf(before.document_id ?? '')).toBe('revoked');
    const history = await t.database.db
      .selectFrom('case_events')
      .select(['action', 'details'])
      .where('inbox_entry_id', '=', caseId)
      .where('action', 'in', ['correction_requested', 'corrected'])
      .orderBy('at')
      .execute();
    expect(history.map((row) => row.action)).toEqual(['correction_requested', 'corrected']);
    expect(history[1]?.details).toMatchObject({
      reference_code: issued.reference_code,
      previous_reference_code: before.reference_code,
      previous_revoked: true,
    });
    const page = await api<CaseAnswer>('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens.clerkA,
    });
    expect(page.body.data.correction?.state).toBe('corrected');
    // Corrected: no second draft.
    expect((await startDraft(id, false)).status).toBe(409);
  });

  it('keeps the old document valid when she chooses so; a withdrawn correction takes no draft', async () => {
    const first = await openCaseAtAthens(t, api, tokens.citizenA, 'Πρώτη δήλωση.');
    const old = await entryOf(first.caseId);
    const asked = await ask(first.caseId, 'Διορθώστε την ημερομηνία.');
    const id = asked.body.data.correction?.id ?? '';
    const draft = (await startDraft(id, false)).body.data.document;
    await issueDraft(draft.id, 'Διορθωμένη δήλωση.');
    expect(await stateOf(old.document_id ?? '')).toBe('issued');

    const second = await openCaseAtAthens(t, api, tokens.citizenA, 'Δεύτερη δήλωση.');
    const other = (await ask(second.caseId, 'Λείπει κάτι.')).body.data.correction?.id ?? '';
    const withdrawn = await api<CaseAnswer>(
      'DELETE',
      `/api/entity/${athens}/inbox/${second.caseId}/correction`,
      { token: tokens.clerkA },
    );
    expect(withdrawn.status).toBe(200);
    expect(withdrawn.body.data.correction?.state).toBe('withdrawn');
    const late = await startDraft(other, false);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('action_not_allowed_on_state');
    const none = await api<ErrorBody>(
      'DELETE',
      `/api/entity/${athens}/inbox/${second.caseId}/correction`,
      { token: tokens.clerkA },
    );
    expect(none.status).toBe(404);
    expect(none.body.error.code).toBe('correction_not_found');
  });

  it('refuses a blank reason, a closed case, a stranger and a malformed id (clear 4xx)', async () => {
    const { caseId } = await openCaseAtAthens(t, api, tokens.citizenA, 'Τρίτη δήλωση.');
    const blank = await ask(caseId, '  ');
    expect(blank.status).toBe(400);
    expect(blank.body.error.data?.invalid_fields).toEqual([
      { invalid_field: 'reason', error_info: { code: 'reason_required' } },
    ]);
    const malformed = await api<ErrorBody>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/correction`,
      { token: tokens.clerkA, json: { reason: 'x', extra: true } },
    );
    expect(malformed.status).toBe(400);
    await api('POST', `/api/entity/${athens}/inbox/${caseId}/change_state`, {
      token: tokens.clerkA,
      json: { state: 'finished' },
    });
    const closed = await ask(caseId, 'Αργά.');
    expect(closed.status).toBe(409);
    expect((await correctionOf('not-a-uuid')).status).toBe(404);
    const badBody = await api<ErrorBody>(
      'POST',
      '/api/my-corrections/00000000-0000-4000-8000-000000000000/draft',
      { token: tokens.citizenA, json: { revoke_previous: 'yes' } },
    );
    expect(badBody.status).toBe(400);
  });

  it('authorization matrix', async () => {
    const opened: string[] = [];
    for (let index = 0; index < 4; index += 1) {
      opened.push((await openCaseAtAthens(t, api, tokens.citizenA, `Αίτημα ${index}.`)).caseId);
    }
    let next = 0;
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${athens}/inbox/${opened[Math.min(next++, 3)] ?? ''}/correction`,
      json: () => ({ reason: 'Διορθώστε.' }),
      expected: [401, 403, 403, 'ok', 409, 404, 403],
    });
    // clerkA asked on opened[3]'s predecessor; headA met the open one (409). Withdraw, then read.
    const asked = await t.database.db
      .selectFrom('case_corrections')
      .select(['id', 'inbox_entry_id'])
      .where('state', '=', 'requested')
      .orderBy('requested_at', 'desc')
      .executeTakeFirstOrThrow();
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/my-corrections/${asked.id}`,
      expected: [401, 'ok', 404, 404, 404, 404, 404],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/my-corrections/${asked.id}/draft`,
      json: () => ({ revoke_previous: false }),
      expected: [401, 'ok', 404, 404, 404, 404, 404],
    });
    const entryId = asked.inbox_entry_id;
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'DELETE',
      path: () => `/api/entity/${athens}/inbox/${entryId}/correction`,
      expected: [401, 403, 403, 'ok', 404, 404, 403],
    });
  });
});
