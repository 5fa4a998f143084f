import { readFileSync } from 'node:fs';
import type { Opinion, OpinionCase } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import { multipart, type client, type ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  startMatrixApp,
  type Caller,
} from '../fixtures/matrix';
import { loginStaff } from '../fixtures/staff';
import type { TestApp } from '../helpers';

/**
 * Issue #41, opinions ("avis"): Athens asks Thessaloniki or a person for an opinion on a case,
 * with a question and a deadline; the expert reads only that case and answers with text and an
 * optional PDF; Athens sees it given (or overdue, or cancels it); history and alerts both ways.
 */
type OpinionAnswer = { data: Opinion } & ErrorBody;
type ListAnswer = { data: Opinion[] } & ErrorBody;

const THESSALONIKI_CLERK = '100000090';
const PDF = readFileSync(new URL('../fixtures/files/valid.pdf', import.meta.url));
const FILE_MAX_SIZE = 200_000;

/** A day `days` from today, in Greece (YYYY-MM-DD). */
function day(days: number): string {
  const at = new Date(Date.now() + days * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Athens' }).format(at);
}

describe('opinions asked on a case', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let clerkT: string;
  let athens: string;
  let thessaloniki: string;
  let caseId: string;
  let caseNumber: string;

  const base = () => `/api/entity/${athens}/inbox/${caseId}/opinions`;
  const ask = (json: unknown, token = tokens.clerkA, path = base()) =>
    api<OpinionAnswer>('POST', path, { token, json, headers: { 'accept-language': 'en' } });
  const askThessaloniki = (question = 'Είναι νόμιμη η χρήση του ακινήτου;') =>
    ask({ question, deadline: day(7), expert: { entity: 'DIMOS_THESSALONIKIS' } });
  const answerAs = (
    path: string,
    token: string | undefined,
    json: unknown,
    files: Parameters<typeof multipart>[1] = [],
  ) => {
    const body = multipart(json, files);
    return api<OpinionAnswer>('POST', path, {
      token,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': 'en' },
    });
  };
  const history = async () =>
    t.database.db
      .selectFrom('case_events')
      .select(['action', 'details'])
      .where('inbox_entry_id', '=', caseId)
      .where('action', 'like', 'opinion_%')
      .orderBy('at')
      .execute();
  const mails = (key: string) =>
    t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'params', 'body'])
      .where('message_key', '=', key)
      .execute();

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp({ FILE_MAX_SIZE: String(FILE_MAX_SIZE) }));
    clerkT = await loginStaff(t, THESSALONIKI_CLERK);
    athens = await entityId(t, 'DIMOS_ATHINAION');
    thessaloniki = await entityId(t, 'DIMOS_THESSALONIKIS');
    ({ caseId, caseNumber } = await openCaseAtAthens(t, api, tokens.citizenA, 'Μένω στην Αθήνα.'));
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('Athens asks Thessaloniki; a Thessaloniki clerk reads the case and answers with a PDF; Athens reads it', async () => {
    const asked = await askThessaloniki();
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const opinion = asked.body.data;
    expect(opinion).toMatchObject({
      state: 'requested',
      is_overdue: false,
      deadline: day(7),
      case_id: caseNumber,
      expert: { kind: 'entity', codename: 'DIMOS_THESSALONIKIS' },
      asking_entity: { codename: 'DIMOS_ATHINAION' },
      answer: null,
    });
    // Thessaloniki is told by e-mail, with a link to the opinion's page.
    const told = (await mails('entity_opinion_requested_email')).filter(
      (m) => (m.params as { case_id?: string }).case_id === caseNumber,
    );
    expect(told.map((m) => m.recipient)).toContain('protokollo@thessaloniki.demo.gov.gr');
    expect(told[0]?.body).toContain(
      `/dashboard/entities/show/${thessaloniki}/opinions/${opinion.id}`,
    );

    const listed = await api<ListAnswer>('GET', `/api/entity/${thessaloniki}/opinions`, {
      token: clerkT,
    });
    expect(listed.body.data.map((o) => o.id)).toContain(opinion.id);
    const read = await api<{ data: OpinionCase }>(
      'GET',
      `/api/entity/${thessaloniki}/opinions/${opinion.id}`,
      { token: clerkT },
    );
    expect(read.status).toBe(200);
    expect(read.body.data.opinion.question).toBe('Είναι νόμιμη η χρήση του ακινήτου;');
    expect(read.body.data.document.statements.map((s) => s.value).join(' ')).toContain(
      'Μένω στην Αθήνα.',
    );
    expect(read.body.data.document.has_pdf).toBe(true);
    // Read-only and nothing else: no notes, messages, history or citizen contact.
    expect(Object.keys(read.body.data).sort()).toEqual([
      'document',
      'opinion',
      'template_shortname',
    ]);
    const pdf = await api<{ download_url: string }>(
      'POST',
      `/api/entity/${thessaloniki}/opinions/${opinion.id}/pdf/token`,
      { token: clerkT },
    );
    expect(pdf.status).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: pdf.body.download_url })).statusCode).toBe(
      200,
    );

    const answered = await answerAs(
      `/api/entity/${thessaloniki}/opinions/${opinion.id}/answer`,
      clerkT,
      { answer: 'Η χρήση είναι νόμιμη.' },
      [
        {
          name: 'file__attachment',
          filename: 'gnomi.pdf',
          contentType: 'application/pdf',
          bytes: PDF,
        },
      ],
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.data).toMatchObject({ state: 'given', answer: 'Η χρήση είναι νόμιμη.' });

    const seen = await api<ListAnswer>('GET', base(), { token: tokens.clerkA });
    const given = seen.body.data.find((o) => o.id === opinion.id);
    expect(given).toMatchObject({
      state: 'given',
      answer: 'Η χρήση είναι νόμιμη.',
      answer_file: { filename: 'gnomi.pdf', size: PDF.length },
    });
    expect(given?.answered_by).toBeTruthy();
    const token = await api<{ download_url: string }>(
      'POST',
      `${base()}/${opinion.id}/file/token`,
      { token: tokens.clerkA },
    );
    const file = await t.app.inject({ method: 'GET', url: token.body.download_url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    // Thessaloniki keeps the PDF it gave: its clerk downloads it from the opinion's page.
    const own = await api<{ download_url: string }>(
      'POST',
      `/api/entity/${thessaloniki}/opinions/${opinion.id}/file/token`,
      { token: clerkT },
    );
    expect(own.status).toBe(200);
    const ownFile = await t.app.inject({ method: 'GET', url: own.body.download_url });
    expect(ownFile.rawPayload.equals(PDF)).toBe(true);
    // Athens is told by e-mail; both steps are in the case's history.
    const back = (await mails('entity_opinion_given_email')).filter(
      (m) => (m.params as { case_id?: string }).case_id === caseNumber,
    );
    expect(back.map((m) => m.recipient)).toContain('protokollo@athens.demo.gov.gr');
    const actions = (await history()).map((h) => h.action);
    expect(actions).toEqual(expect.arrayContaining(['opinion_requested', 'opinion_given']));
    // Given: no second answer.
    const again = await answerAs(
      `/api/entity/${thessaloniki}/opinions/${opinion.id}/answer`,
      clerkT,
      { answer: 'Ξανά' },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('action_not_allowed_on_state');
  });

  it('the asked entity sees nothing else: not the case through the inbox, nor any other case', async () => {
    const asked = await askThessaloniki();
    expect(asked.status).toBe(201);
    for (const path of [
      `/api/entity/${athens}/inbox/${caseId}`,
      `/api/entity/${thessaloniki}/inbox/${caseId}`,
      `/api/entity/${athens}/inbox/${caseId}/history`,
      `/api/entity/${thessaloniki}/inbox/${caseId}/opinions`,
      `/api/entity/${athens}/inbox/${caseId}/opinions`,
    ]) {
      const got = await api('GET', path, { token: clerkT });
      expect([403, 404], path).toContain(got.status);
    }
    const other = await openCaseAtAthens(t, api, tokens.citizenA);
    const inbox = await api<{ data: { items?: { case_id: string }[] } }>(
      'GET',
      `/api/entity/${thessaloniki}/inbox`,
      { token: clerkT },
    );
    expect(JSON.stringify(inbox.body)).not.toContain(other.caseNumber);
    expect(JSON.stringify(inbox.body)).not.toContain(caseNumber);
    // Another entity's opinion id under Thessaloniki's scope, or AADE's: not found.
    const byAade = await api('GET', `/api/entity/${thessaloniki}/opinions/${asked.body.data.id}`, {
      token: tokens.clerkB,
    });
    expect(byAade.status).toBe(404);
  });

  it('a person asked by tax number gets a message, reads only her opinion’s case and answers', async () => {
    const asked = await ask({
      question: 'Πώς το βλέπετε;',
      deadline: day(3),
      expert: { afm: MATRIX_AFM.citizenB },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    const id = asked.body.data.id;
    expect(asked.body.data.expert).toMatchObject({ kind: 'person', afm: MATRIX_AFM.citizenB });
    const message = await t.database.db
      .selectFrom('citizen_messages')
      .innerJoin('users', 'users.id', 'citizen_messages.owner_id')
      .select(['citizen_messages.state_data', 'citizen_messages.inbox_entry_id'])
      .where('users.afm', '=', MATRIX_AFM.citizenB)
      .orderBy('citizen_messages.created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(message.state_data).toMatchObject({ opinion_link: `/my/opinions/${id}` });
    // Not tied to the case: she cannot write into its thread.
    expect(message.inbox_entry_id).toBeNull();

    const mine = await api<{ data: OpinionCase }>('GET', `/api/my-opinions/${id}`, {
      token: tokens.citizenB,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.opinion.question).toBe('Πώς το βλέπετε;');
    expect((await api('GET', `/api/my-opinions/${id}`, { token: tokens.citizenA })).status).toBe(
      404,
    );
    expect(
      (await api('GET', `/api/vault/cases/${caseId}`, { token: tokens.citizenB })).status,
    ).toBe(404);
    // No answer yet: no file to download.
    expect(
      (await api('POST', `/api/my-opinions/${id}/file/token`, { token: tokens.citizenB })).status,
    ).toBe(404);
    const answered = await answerAs(
      `/api/my-opinions/${id}/answer`,
      tokens.citizenB,
      { answer: 'Συμφωνώ.' },
      [
        {
          name: 'file__attachment',
          filename: 'apopsi.pdf',
          contentType: 'application/pdf',
          bytes: PDF,
        },
      ],
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.data.state).toBe('given');
    // She downloads the PDF she gave; nobody else reaches it through her route.
    const own = await api<{ download_url: string }>('POST', `/api/my-opinions/${id}/file/token`, {
      token: tokens.citizenB,
    });
    expect(own.status).toBe(200);
    const ownFile = await t.app.inject({ method: 'GET', url: own.body.download_url });
    expect(ownFile.statusCode).toBe(200);
    expect(ownFile.rawPayload.equals(PDF)).toBe(true);
    expect(
      (await api('POST', `/api/my-opinions/${id}/file/token`, { token: tokens.citizenA })).status,
    ).toBe(404);
  });

  it('the asker cancels a requested opinion; an overdue one is marked', async () => {
    const asked = await askThessaloniki('Ακυρώνεται;');
    const id = asked.body.data.id;
    const cancel = () =>
      api<OpinionAnswer>('POST', `${base()}/${id}/action`, {
        token: tokens.headA,
        json: { action: 'cancel' },
      });
    const cancelled = await cancel();
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ state: 'cancelled', is_overdue: false });
    expect((await cancel()).status).toBe(409);
    const late = await answerAs(`/api/entity/${thessaloniki}/opinions/${id}/answer`, clerkT, {
      answer: 'Αργά',
    });
    expect(late.status).toBe(409);
    expect((await history()).map((h) => h.action)).toContain('opinion_cancelled');
    // Thessaloniki is told that no answer is needed any more, with the opinion's page.
    const cancelledMails = await mails('entity_opinion_cancelled_email');
    expect(cancelledMails.map((m) => m.recipient)).toContain('protokollo@thessaloniki.demo.gov.gr');
    expect(cancelledMails.some((m) => m.body.includes(`/opinions/${id}`))).toBe(true);

    // A person asked is told in her mailbox.
    const askedPerson = await ask({
      question: 'Και εσείς;',
      deadline: day(3),
      expert: { afm: MATRIX_AFM.citizenB },
    });
    const personId = askedPerson.body.data.id;
    const cancelPerson = await api<OpinionAnswer>('POST', `${base()}/${personId}/action`, {
      token: tokens.headA,
      json: { action: 'cancel' },
    });
    expect(cancelPerson.status).toBe(200);
    const told = await t.database.db
      .selectFrom('citizen_messages')
      .innerJoin('users', 'users.id', 'citizen_messages.owner_id')
      .select(['citizen_messages.state_data'])
      .where('users.afm', '=', MATRIX_AFM.citizenB)
      .orderBy('citizen_messages.created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.state_data).toMatchObject({ opinion_link: `/my/opinions/${personId}` });
    expect(JSON.stringify(told.state_data)).toContain('Ακυρώθηκε');

    const overdue = await askThessaloniki('Καθυστερεί;');
    await t.database.db
      .updateTable('case_opinions')
      .set({ deadline: day(-1) })
      .where('id', '=', overdue.body.data.id)
      .execute();
    const listed = await api<ListAnswer>('GET', base(), { token: tokens.clerkA });
    expect(listed.body.data.find((o) => o.id === overdue.body.data.id)).toMatchObject({
      state: 'requested',
      is_overdue: true,
    });
  });

  it("the list's opinions=pending finds the cases waiting for an opinion, and only them", async () => {
    const pending = async () =>
      api<{ data: { id: string }[] } & ErrorBody>(
        'GET',
        `/api/entity/${athens}/inbox?opinions=pending&limit=100`,
        { token: tokens.clerkA },
      );
    const quiet = await openCaseAtAthens(t, api, tokens.citizenA, 'Καμία γνωμοδότηση.');
    const asked = await askThessaloniki('Εκκρεμεί;');
    expect(asked.status).toBe(201);
    const ids = (await pending()).body.data.map((row) => row.id);
    expect(ids).toContain(caseId);
    expect(ids).not.toContain(quiet.caseId);
    // The same as the database says: a case with a requested opinion, no other.
    const waiting = await t.database.db
      .selectFrom('case_opinions')
      .select('inbox_entry_id')
      .distinct()
      .where('state', '=', 'requested')
      .where('asking_entity_id', '=', athens)
      .execute();
    expect(ids.toSorted()).toEqual(waiting.map((row) => row.inbox_entry_id).toSorted());
    const bad = await api<ErrorBody>('GET', `/api/entity/${athens}/inbox?opinions=given`, {
      token: tokens.clerkA,
    });
    expect(bad.status).toBe(400);
  });

  it('refuses bad requests with clear codes and messages', async () => {
    const question = 'Ερώτηση';
    const cases: [unknown, number, string][] = [
      [
        { question, deadline: day(-1), expert: { entity: 'DIMOS_THESSALONIKIS' } },
        400,
        'opinion_deadline_past',
      ],
      [
        { question, deadline: day(0), expert: { entity: 'DIMOS_THESSALONIKIS' } },
        400,
        'opinion_deadline_past',
      ],
      [
        { question, deadline: '2030-02-30', expert: { entity: 'DIMOS_THESSALONIKIS' } },
        400,
        'invalid_request',
      ],
      [
        { question, deadline: day(5), expert: { entity: 'DIMOS_ATHINAION' } },
        400,
        'opinion_own_entity',
      ],
      [
        { question, deadline: day(5), expert: { entity: 'NO_SUCH' } },
        400,
        'opinion_expert_unknown',
      ],
      [{ question, deadline: day(5), expert: { afm: '999999999' } }, 400, 'opinion_expert_unknown'],
      [{ question: '  ', deadline: day(5), expert: { afm: '100000027' } }, 400, 'invalid_request'],
      [{ question, deadline: day(5), expert: { afm: '12' } }, 400, 'invalid_request'],
      [{ question, deadline: day(5) }, 400, 'invalid_request'],
      [{ question, deadline: day(5), expert: { entity: 'X' }, extra: 1 }, 400, 'invalid_request'],
      [[1, 2], 400, 'invalid_request'],
    ];
    for (const [json, status, code] of cases) {
      const got = await ask(json);
      expect(got.status, JSON.stringify(json)).toBe(status);
      expect(got.body.error.code, JSON.stringify(json)).toBe(code);
      expect(got.body.error.message).toBeTruthy();
    }
    const own = await api<ErrorBody>('POST', base(), {
      token: tokens.clerkA,
      json: { question, deadline: day(5), expert: { entity: 'DIMOS_ATHINAION' } },
      headers: { 'accept-language': 'fr' },
    });
    expect(own.body.error.message).toContain('propre organisme');

    const id = (await askThessaloniki('Αρχεία;')).body.data.id;
    const path = `/api/entity/${thessaloniki}/opinions/${id}/answer`;
    const text = await answerAs(path, clerkT, { answer: 'x' }, [
      {
        name: 'file__attachment',
        filename: 'a.txt',
        contentType: 'text/plain',
        bytes: Buffer.from('hello'),
      },
    ]);
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('file_type_invalid');
    const big = await answerAs(path, clerkT, { answer: 'x' }, [
      {
        name: 'file__attachment',
        filename: 'big.pdf',
        contentType: 'application/pdf',
        bytes: Buffer.concat([PDF, Buffer.alloc(FILE_MAX_SIZE)]),
      },
    ]);
    expect(big.status).toBe(400);
    expect(big.body.error.code).toBe('file_too_large');
    const two = await answerAs(path, clerkT, { answer: 'x' }, [
      { name: 'file__attachment', filename: 'a.pdf', contentType: 'application/pdf', bytes: PDF },
      { name: 'file__other', filename: 'b.pdf', contentType: 'application/pdf', bytes: PDF },
    ]);
    expect(two.status).toBe(400);
    const empty = await answerAs(path, clerkT, { answer: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.code).toBe('invalid_request');
    // Still requested after every refusal.
    const still = await api<{ data: OpinionCase }>(
      'GET',
      `/api/entity/${thessaloniki}/opinions/${id}`,
      {
        token: clerkT,
      },
    );
    expect(still.body.data.opinion.state).toBe('requested');
  });

  it('joins the authorization matrix', async () => {
    const opinion = (await askThessaloniki('Πίνακας;')).body.data;
    const person = (
      await ask({ question: 'Πίνακας;', deadline: day(4), expert: { afm: MATRIX_AFM.citizenA } })
    ).body.data;
    const json = () => ({
      question: 'Q',
      deadline: day(4),
      expert: { entity: 'DIMOS_THESSALONIKIS' },
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: base,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: base,
      json,
      expected: [401, 403, 403, 'ok', 'ok', 404, 403],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `${base()}/${opinion.id}/file/token`,
      // No answer yet: the asker's staff get 404 too.
      expected: [401, 403, 403, 404, 404, 404, 403],
    });
    // The asked entity's routes: none of the matrix's callers is Thessaloniki's staff.
    for (const path of [
      () => `/api/entity/${thessaloniki}/opinions`,
      () => `/api/entity/${thessaloniki}/opinions/${opinion.id}`,
    ]) {
      await expectMatrix(api, tokens, MATRIX_CALLERS, {
        method: 'GET',
        path,
        expected: [401, 403, 403, 404, 404, 404, 403],
      });
    }
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${thessaloniki}/opinions/${opinion.id}/pdf/token`,
      expected: [401, 403, 403, 404, 404, 404, 403],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${thessaloniki}/opinions/${opinion.id}/file/token`,
      expected: [401, 403, 403, 404, 404, 404, 403],
    });
    // Not answered: no file, for citizen A (asked) either; nobody else reaches her opinion.
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/my-opinions/${person.id}/file/token`,
      expected: [401, 404, 404, 404, 404, 404, 404],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/entity/${thessaloniki}/opinions/${opinion.id}/answer`,
      json: () => ({ answer: 'x' }),
      expected: [401, 403, 403, 404, 404, 404, 403],
    });
    // The person's routes: only citizen A, asked, reaches her opinion.
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'GET',
      path: () => `/api/my-opinions/${person.id}`,
      expected: [401, 'ok', 404, 404, 404, 404, 404],
    });
    await expectMatrix(api, tokens, MATRIX_CALLERS, {
      method: 'POST',
      path: () => `/api/my-opinions/${person.id}/pdf/token`,
      expected: [401, 'ok', 404, 404, 404, 404, 404],
    });
    await expectMatrix(
      api,
      tokens,
      MATRIX_CALLERS,
      {
        method: 'POST',
        path: () => `/api/my-opinions/${person.id}/answer`,
        json: () => ({ answer: 'Ναι.' }),
        expected: [401, 'ok', 404, 404, 404, 404, 404],
      },
      { last: 'citizenA' },
    );
    await expectMatrix(
      api,
      tokens,
      MATRIX_CALLERS,
      {
        method: 'POST',
        path: () => `${base()}/${opinion.id}/action`,
        json: () => ({ action: 'cancel' }),
        expected: [401, 403, 403, 'ok', 409, 404, 403],
      },
      { last: 'headA' },
    );
  });
});
