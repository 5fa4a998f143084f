import type {
  ApiDocument,
  CaseDetail,
  CaseReply,
  CaseStatus,
  EntityTemplate,
  HistoryItem,
  InboxEntriesResponse,
} from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import type { client, ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  type Caller,
  startMatrixApp,
  type MatrixRoute,
} from '../fixtures/matrix';
import type { TestApp } from '../helpers';
import { createWorkspace, pdfText, run } from '../pdf/pdf-tools';

type DocumentAnswer = { data: { document: ApiDocument } };
type MessagesAnswer = InboxEntriesResponse;

describe('replies and documents issued by an entity', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let aade: string;
  let caseId: string;
  let caseNumber: string;
  const workspace = createWorkspace();

  const startReply = (template: string, token = tokens.clerkA, inbox = caseId) =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/entity/${athens}/inbox/${inbox}/reply`, {
      token,
      json: { template },
    });
  const saveStep = (id: string, statements: Record<string, unknown>, extra = {}, e = athens) =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/entity/${e}/documents/${id}`, {
      token: tokens.clerkA,
      json: { document: { statements }, ...extra },
    });

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
    aade = await entityId(t, 'AADE');
    ({ caseId, caseNumber } = await openCaseAtAthens(
      t,
      api,
      tokens.citizenA,
      'Ζητώ βεβαίωση μόνιμης κατοικίας.',
    ));
  }, 60_000);
  afterAll(async () => {
    workspace.remove();
    await t?.close();
  });

  it('offers the reply templates and the issue templates, paged by 30; never to citizens', async () => {
    const replies = await api<{ data: EntityTemplate[]; meta: { count: number; limit: number } }>(
      'GET',
      `/api/entity/${athens}/creatable-templates?use=reply`,
      { token: tokens.clerkA },
    );
    expect(replies.status).toBe(200);
    expect(replies.body.data.map((r) => r.refname)).toEqual([
      'entity-acknowledgement',
      'entity-reply',
    ]);
    const issue = await api<{ data: EntityTemplate[]; meta: { count: number; limit: number } }>(
      'GET',
      `/api/entity/${athens}/creatable-templates`,
      { token: tokens.clerkA },
    );
    expect(issue.body.meta.limit).toBe(30);
    expect(issue.body.data.map((r) => r.refname)).toEqual(['entity-certificate']);
    const paged = await api<{ data: EntityTemplate[] }>(
      'GET',
      `/api/entity/${athens}/creatable-templates?use=reply&limit=1&offset=1`,
      { token: tokens.clerkA },
    );
    expect(paged.body.data.map((r) => r.refname)).toEqual(['entity-reply']);
    // The public catalogue does not list them, nor can a citizen start one.
    const catalogue = await api<{ data: { refname: string }[] }>('GET', '/api/templates?limit=100');
    expect(catalogue.body.data.map((r) => r.refname)).not.toContain('entity-reply');
    const citizen = await api<ErrorBody>('POST', '/api/my-declarations/', {
      token: tokens.citizenA,
      json: { document: { template: 'entity-acknowledgement' } },
    });
    expect(citizen.status).toBe(404);
  });

  it('refuses a template that is not a reply template, and another entity’s case', async () => {
    for (const template of ['solemn-declaration', 'entity-certificate', 'no-such-template']) {
      const refused = await startReply(template);
      expect(refused.status, template).toBe(400);
      expect(refused.body.error.code).toBe('template_not_for_entity');
    }
    const other = await api<ErrorBody>('POST', `/api/entity/${aade}/inbox/${caseId}/reply`, {
      token: tokens.clerkB,
      json: { template: 'entity-reply' },
    });
    expect(other.status).toBe(404);
    const missing = await startReply('entity-reply', tokens.clerkA, 'not-a-case');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('case_not_found');
  });

  it('replies with the acknowledgement: wizard, issue without code, sealed PDF by Athens', async () => {
    const started = await startReply('entity-acknowledgement');
    expect(started.status).toBe(201);
    const draft = started.body.data.document;
    expect(draft.state).toBe('editing');
    expect(draft.step_name).toBe('acknowledgement');
    const row = await t.database.db
      .selectFrom('documents')
      .select(['issuer_entity_id', 'reply_to_entry_id', 'values', 'owner_id'])
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(row.issuer_entity_id).toBe(athens);
    expect(row.reply_to_entry_id).toBe(caseId);
    expect(row.values).toMatchObject({ case_id: caseNumber, entity_name: 'Δήμος Αθηναίων' });
    // The case number is not the clerk's to change.
    const tampered = await saveStep(draft.id, { case_id: '1999/000001', note: 'Εντάξει.' });
    expect(tampered.status).toBe(200);
    expect(tampered.body.data.document.step_name).toBe('preview');
    const kept = await t.database.db
      .selectFrom('documents')
      .select('values')
      .where('id', '=', draft.id)
      .executeTakeFirstOrThrow();
    expect(kept.values).toMatchObject({ case_id: caseNumber, note: 'Εντάξει.' });
    // Back and forth through the same machinery as a citizen's document.
    const back = await api<DocumentAnswer>(
      'POST',
      `/api/entity/${athens}/documents/${draft.id}/backstep`,
      { token: tokens.clerkA },
    );
    expect(back.body.data.document.step_name).toBe('acknowledgement');
    expect((await saveStep(draft.id, {})).body.data.document.step_name).toBe('preview');
    // At the preview, only `submit` (the reply-confirm dialog) goes on.
    const noSubmit = await saveStep(draft.id, {});
    expect(noSubmit.status).toBe(409);
    const issued = await saveStep(draft.id, {}, { action: 'submit' });
    expect(issued.status).toBe(200);
    const document = issued.body.data.document;
    expect(document.state).toBe('issued');
    expect(document.reference_code).toBeTruthy();
    // No SMS code was sent for it.
    const otp = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('document_id', '=', draft.id)
      .where('message_key', '=', 'otp_sms')
      .execute();
    expect(otp).toEqual([]);

    // The PDF: sealed, the entity as its issuer.
    const token = await api<{ data: { download_url: string } }>(
      'POST',
      `/api/entity/${athens}/documents/${draft.id}/pdf/token`,
      { token: tokens.clerkA },
    );
    expect(token.status).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: token.body.data.download_url });
    expect(pdf.statusCode).toBe(200);
    const file = workspace.file('reply.pdf', pdf.rawPayload);
    const text = pdfText(file);
    expect(text).toContain('Εκδότης: Δήμος Αθηναίων');
    expect(text).toContain('ΒΕΒΑΙΩΣΗ ΠΑΡΑΛΑΒΗΣ');
    expect(text).toContain(caseNumber);
    expect(run('pdfinfo', [file]).output).toMatch(/Author:\s+Δήμος Αθηναίων/);
    expect(run('qpdf', ['--check', file]).status).toBe(0);
    expect(run('pdfsig', [file]).output).toContain('Signature #1');

    // It validates like any other document.
    const validated = await api<{ data: { document: { reference_code: string } } }>(
      'POST',
      '/api/validation/document',
      { json: { 'document-id': document.reference_code } },
    );
    expect(validated.status).toBe(200);

    // An issued reply is final: no further step, no backstep.
    expect((await saveStep(draft.id, {}, { action: 'submit' })).status).toBe(409);
    const again = await api<ErrorBody>(
      'POST',
      `/api/entity/${athens}/documents/${draft.id}/backstep`,
      { token: tokens.clerkA },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('action_not_allowed_on_state');
  });

  it('records replying and replied, leaves the acknowledged case as it was, lists the reply', async () => {
    const history = await api<{ data: HistoryItem[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/history`,
      { token: tokens.clerkA },
    );
    const actions = history.body.data.map((h) => h.action);
    expect(actions).toContain('replying');
    expect(actions).toContain('replied');
    // The acknowledgement says the case is being examined: it declares no change of status.
    const replied = history.body.data.find((h) => h.action === 'replied');
    expect(replied?.details).toMatchObject({ case_status: 'none' });
    expect(replied?.details).not.toHaveProperty('to');
    const detail = await api<{ data: CaseDetail }>('GET', `/api/entity/${athens}/inbox/${caseId}`, {
      token: tokens.clerkA,
    });
    expect(detail.body.data.inbox_status).toBe('incoming');
    expect(detail.body.data.counts.replies).toBe(1);
    const [reply] = detail.body.data.replies;
    expect(reply).toMatchObject({
      state: 'issued',
      template: 'entity-acknowledgement',
      user_display_name: 'ΑΙΚΑΤΕΡΙΝΗ ΔΗΜΗΤΡΙΟΥ',
      entity_id: athens,
    });
    expect(reply?.reference_code).toBeTruthy();
    // A draft shows too, for the replies tab to link to edit.
    const draft = await startReply('entity-reply', tokens.headA);
    expect(draft.status).toBe(201);
    const list = await api<{ data: CaseReply[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/replies`,
      { token: tokens.clerkA },
    );
    expect(list.body.data.map((r) => r.state)).toEqual(['editing', 'issued']);
    // Another clerk of Athens continues the head's draft: the entity's, not the author's.
    const got = await api<DocumentAnswer>(
      'GET',
      `/api/entity/${athens}/documents/${draft.body.data.document.id}`,
      { token: tokens.clerkA },
    );
    expect(got.status).toBe(200);
    // The author's citizen routes do not reach it, nor list it.
    const asOwner = await api<ErrorBody>(
      'GET',
      `/api/my-declarations/${draft.body.data.document.id}`,
      { token: tokens.headA },
    );
    expect(asOwner.status).toBe(404);
  });

  it('reaches the citizen as incoming-document with an alert; only she fetches it', async () => {
    const inbox = await api<MessagesAnswer>('POST', '/api/gates/USER/gate/inbox-entries', {
      token: tokens.citizenA,
      json: { types: ['incoming-document'] },
    });
    expect(inbox.status).toBe(200);
    const [entry] = inbox.body.data;
    expect(entry?.type).toBe('incoming-document');
    expect(entry?.state_data).toMatchObject({
      title: 'Βεβαίωση παραλαβής',
      sender_display_name: { el: 'Δήμος Αθηναίων' },
      case_id: caseNumber,
    });
    expect(entry?.document?.template_refname).toBe('entity-acknowledgement');
    const code = String(entry?.document?.reference_code);
    const alerts = await t.database.db
      .selectFrom('outbox')
      .select('message_key')
      .where('message_key', 'in', ['incoming_document_sms', 'incoming_document_email'])
      .execute();
    expect(alerts.map((a) => a.message_key)).toContain('incoming_document_sms');

    const mine = await api<DocumentAnswer>('GET', `/api/citizen-declarations/${code}`, {
      token: tokens.citizenA,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.document.state).toBe('issued');
    const pdf = await api<{ data: { download_url: string } }>(
      'POST',
      `/api/my-declarations/${mine.body.data.document.id}/pdf/token`,
      { token: tokens.citizenA },
    );
    expect(pdf.status).toBe(200);
    // She may read it, not change it.
    const change = await api<ErrorBody>(
      'POST',
      `/api/my-declarations/${mine.body.data.document.id}/backstep`,
      { token: tokens.citizenA },
    );
    expect(change.status).toBe(404);

    for (const who of ['citizenB', 'clerkA', 'clerkB'] as const) {
      const other = await api<ErrorBody>('GET', `/api/citizen-declarations/${code}`, {
        token: tokens[who],
      });
      expect([403, 404], who).toContain(other.status);
      const otherPdf = await api<ErrorBody>(
        'POST',
        `/api/my-declarations/${mine.body.data.document.id}/pdf/token`,
        { token: tokens[who] },
      );
      expect([403, 404], who).toContain(otherPdf.status);
    }
  });

  it('issues a document of the entity to a citizen named by AFM', async () => {
    const started = await api<DocumentAnswer & ErrorBody>(
      'POST',
      `/api/entity/${athens}/documents`,
      { token: tokens.clerkA, json: { template: 'entity-certificate' } },
    );
    expect(started.status).toBe(201);
    const id = started.body.data.document.id;
    const bad = await saveStep(id, { recipient_afm: '123456780', subject: 'Β', body: 'Κ' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_fields');
    const good = await saveStep(id, {
      recipient_afm: MATRIX_AFM.citizenB,
      subject: 'Βεβαίωση',
      body: 'Βεβαιώνεται η εγγραφή σας στο δημοτολόγιο.',
    });
    expect(good.status).toBe(200);
    expect(good.body.data.document.step_name).toBe('preview');
    const issued = await saveStep(id, {}, { action: 'submit' });
    expect(issued.status).toBe(200);
    expect(issued.body.data.document.state).toBe('issued');
    const inbox = await api<MessagesAnswer>('POST', '/api/gates/USER/gate/inbox-entries', {
      token: tokens.citizenB,
      json: { types: ['incoming-document'] },
    });
    expect(inbox.body.data.map((e) => e.type)).toEqual(['incoming-document']);
    const code = String(inbox.body.data[0]?.document?.reference_code);
    const hers = await api('GET', `/api/citizen-declarations/${code}`, { token: tokens.citizenB });
    expect(hers.status).toBe(200);
    const notA = await api('GET', `/api/citizen-declarations/${code}`, { token: tokens.citizenA });
    expect(notA.status).toBe(404);
  });

  it('takes the citizen’s answer to the reply into the case’s messages', async () => {
    const inbox = await api<MessagesAnswer>('POST', '/api/gates/USER/gate/inbox-entries', {
      token: tokens.citizenA,
      json: { types: ['incoming-document'] },
    });
    const messageId = inbox.body.data[0]?.id ?? '';
    const answer = (message: string, token = tokens.citizenA, id = messageId) =>
      api<{ data: { message: string; direction: string } } & ErrorBody>(
        'POST',
        `/api/gates/USER/gate/inbox-entries/${id}/reply`,
        { token, json: { message } },
      );
    const tooLong = await answer('α'.repeat(321));
    expect(tooLong.status).toBe(400);
    expect(JSON.stringify(tooLong.body.error.data)).toContain('message_too_long');
    const empty = await answer('   ');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body.error.data)).toContain('message_required');
    const notHers = await answer('Ευχαριστώ.', tokens.citizenB);
    expect(notHers.status).toBe(404);
    expect(notHers.body.error.code).toBe('citizen_message_not_found');
    const unknown = await answer('Ευχαριστώ.', tokens.citizenA, 'nope');
    expect(unknown.status).toBe(404);
    const sent = await answer('α'.repeat(300) + ' Ευχαριστώ.'.slice(0, 20));
    expect(sent.status).toBe(201);
    expect(sent.body.data.direction).toBe('citizen');
    const thread = await api<{ data: { message: string; direction: string }[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/communications`,
      { token: tokens.clerkA },
    );
    expect(thread.body.data.map((m) => m.direction)).toContain('citizen');
    // A plain message (not a document) is not answered this way.
    const plain = await t.database.db
      .insertInto('citizen_messages')
      .values({
        owner_id: (
          await t.database.db
            .selectFrom('users')
            .select('id')
            .where('afm', '=', MATRIX_AFM.citizenA)
            .executeTakeFirstOrThrow()
        ).id,
        type: 'message',
        status: 'incoming',
        tsid: '1',
        state_data: '{}',
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await answer('Ευχαριστώ.', tokens.citizenA, plain.id);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('message_not_repliable');
  });

  it('refuses a reply of a disabled entity (its cases are read-only), reads still work', async () => {
    await t.database.db
      .updateTable('entities')
      .set({ enabled: false })
      .where('id', '=', athens)
      .execute();
    try {
      const refused = await startReply('entity-reply');
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('entity_disabled');
      const list = await api('GET', `/api/entity/${athens}/inbox/${caseId}/replies`, {
        token: tokens.clerkA,
      });
      expect(list.status).toBe(200);
    } finally {
      await t.database.db
        .updateTable('entities')
        .set({ enabled: true })
        .where('id', '=', athens)
        .execute();
    }
  });

  describe('what a reply does to its case', () => {
    const FILL: Record<string, Record<string, unknown>> = {
      'entity-acknowledgement': {},
      'entity-reply': { subject: 'Η απάντησή μας', body: 'Το αίτημά σας έγινε δεκτό.' },
    };
    /** A new case of Maria's at Athens in `status`, and a reply to it at the preview. */
    const replyAtPreview = async (template: string, status: CaseStatus) => {
      const opened = await openCaseAtAthens(t, api, tokens.citizenA, 'Ζητώ βεβαίωση.');
      await t.database.db
        .updateTable('inbox_entries')
        .set({ status })
        .where('id', '=', opened.caseId)
        .execute();
      const started = await startReply(template, tokens.clerkA, opened.caseId);
      expect(started.status).toBe(201);
      const preview = await saveStep(started.body.data.document.id, FILL[template] ?? {});
      expect(preview.body.data.document.step_name).toBe('preview');
      return { inbox: opened.caseId, draft: started.body.data.document };
    };
    const statusOf = async (inbox: string) =>
      (
        await api<{ data: CaseDetail }>('GET', `/api/entity/${athens}/inbox/${inbox}`, {
          token: tokens.clerkA,
        })
      ).body.data.inbox_status;
    const repliedRow = async (inbox: string) => {
      const history = await api<{ data: HistoryItem[] }>(
        'GET',
        `/api/entity/${athens}/inbox/${inbox}/history`,
        { token: tokens.clerkA },
      );
      return history.body.data.filter((h) => h.action === 'replied');
    };

    it('tells the wizard what each reply template declares', async () => {
      const acknowledgement = await replyAtPreview('entity-acknowledgement', 'pending');
      expect(acknowledgement.draft.reply_case_status).toBe('none');
      const reply = await replyAtPreview('entity-reply', 'pending');
      expect(reply.draft.reply_case_status).toBe('finished');
    });

    it('applies the template’s declaration when the clerk names none', async () => {
      const acknowledged = await replyAtPreview('entity-acknowledgement', 'pending');
      expect((await saveStep(acknowledged.draft.id, {}, { action: 'submit' })).status).toBe(200);
      expect(await statusOf(acknowledged.inbox)).toBe('pending');

      const answered = await replyAtPreview('entity-reply', 'pending');
      expect((await saveStep(answered.draft.id, {}, { action: 'submit' })).status).toBe(200);
      expect(await statusOf(answered.inbox)).toBe('finished');
      const [row] = await repliedRow(answered.inbox);
      expect(row?.details).toMatchObject({
        case_status: 'finished',
        from: 'pending',
        to: 'finished',
      });
    });

    it('applies the clerk’s choice over the template’s, from any status', async () => {
      const acknowledged = await replyAtPreview('entity-acknowledgement', 'incoming');
      const issued = await saveStep(
        acknowledged.draft.id,
        {},
        { action: 'submit', reply_case_status: 'pending' },
      );
      expect(issued.status).toBe(200);
      expect(issued.body.data.document.state).toBe('issued');
      expect(await statusOf(acknowledged.inbox)).toBe('pending');
      expect((await repliedRow(acknowledged.inbox))[0]?.details).toMatchObject({
        case_status: 'pending',
        from: 'incoming',
        to: 'pending',
      });

      const kept = await replyAtPreview('entity-reply', 'pending');
      const unchanged = await saveStep(
        kept.draft.id,
        {},
        { action: 'submit', reply_case_status: 'none' },
      );
      expect(unchanged.status).toBe(200);
      expect(await statusOf(kept.inbox)).toBe('pending');
      const [row] = await repliedRow(kept.inbox);
      expect(row?.details).toMatchObject({ case_status: 'none' });
      expect(row?.details).not.toHaveProperty('to');

      const rejected = await replyAtPreview('entity-reply', 'canceled');
      const reopened = await saveStep(
        rejected.draft.id,
        {},
        { action: 'submit', reply_case_status: 'pending' },
      );
      expect(reopened.status).toBe(200);
      expect(await statusOf(rejected.inbox)).toBe('pending');
    });

    it('refuses a status that is not one of the three, and issues nothing', async () => {
      const { inbox, draft } = await replyAtPreview('entity-reply', 'pending');
      for (const bad of ['canceled', 'closed', 3]) {
        const refused = await saveStep(draft.id, {}, { action: 'submit', reply_case_status: bad });
        expect(refused.status, String(bad)).toBe(400);
        expect(refused.body.error.code).toBe('invalid_request');
        expect(refused.body.error.message).not.toBe('invalid_request');
        expect(JSON.stringify(refused.body.error.data)).toContain('reply_case_status');
      }
      const row = await t.database.db
        .selectFrom('documents')
        .select('state')
        .where('id', '=', draft.id)
        .executeTakeFirstOrThrow();
      expect(row.state).toBe('editing');
      expect(await statusOf(inbox)).toBe('pending');
      expect(await repliedRow(inbox)).toEqual([]);
    });
  });

  describe('authorization matrix', () => {
    /** Expected status per caller, in MATRIX_CALLERS order, for a route on Athens. */
    const ATHENS = [401, 403, 403, 'ok', 'ok', 404, 403] as const;
    let draftId = '';
    let issuedId = '';
    let receivedId = '';
    beforeAll(async () => {
      draftId = (await startReply('entity-reply')).body.data.document.id;
      const row = await t.database.db
        .selectFrom('documents')
        .select('id')
        .where('issuer_entity_id', '=', athens)
        .where('state', '=', 'issued')
        .executeTakeFirstOrThrow();
      issuedId = row.id;
      const received = await t.database.db
        .selectFrom('citizen_messages')
        .select('id')
        .where('type', '=', 'incoming-document')
        .where('inbox_entry_id', '=', caseId)
        .executeTakeFirstOrThrow();
      receivedId = received.id;
    });
    const routes: (MatrixRoute & {
      /** Puts the draft back at a step before each caller, so each gets the same chance. */
      atStep?: string;
    })[] = [
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/creatable-templates`,
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/inbox/${caseId}/reply`,
        json: () => ({ template: 'entity-reply' }),
        expected: ATHENS,
      },
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/inbox/${caseId}/replies`,
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/documents`,
        json: () => ({ template: 'entity-certificate' }),
        expected: ATHENS,
      },
      { method: 'GET', path: () => `/api/entity/${athens}/documents/${draftId}`, expected: ATHENS },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/documents/${draftId}`,
        json: () => ({ document: { statements: { subject: 'Θέμα', body: 'Κείμενο' } } }),
        atStep: 'reply',
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/documents/${draftId}/backstep`,
        atStep: 'preview',
        expected: ATHENS,
      },
      {
        method: 'POST',
        path: () => `/api/entity/${athens}/documents/${issuedId}/pdf/token`,
        expected: ATHENS,
      },
      // Maria's received reply: only she answers it (staff sessions have no such message).
      {
        method: 'POST',
        path: () => `/api/gates/USER/gate/inbox-entries/${receivedId}/reply`,
        json: () => ({ message: 'Ευχαριστώ.' }),
        expected: [401, 'ok', 404, 404, 404, 404, 404],
      },
      // Athens' reply under AADE's address: clerk B holds AADE, but the reply is not AADE's.
      {
        method: 'GET',
        path: () => `/api/entity/${aade}/documents/${draftId}`,
        expected: [401, 403, 403, 404, 404, 404, 403],
      },
      {
        method: 'POST',
        path: () => `/api/entity/${aade}/inbox/${caseId}/reply`,
        json: () => ({ template: 'entity-reply' }),
        expected: [401, 403, 403, 404, 404, 404, 403],
      },
    ];

    it.each(routes.map((r) => [`${r.method} ${r.path.toString().slice(6, 70)}`, r] as const))(
      '%s',
      async (_name, route) =>
        expectMatrix(api, tokens, MATRIX_CALLERS, route, {
          before: async () => {
            if (!route.atStep) return;
            await t.database.db
              .updateTable('documents')
              .set({ step: route.atStep })
              .where('id', '=', draftId)
              .execute();
          },
        }),
    );
  });
});
