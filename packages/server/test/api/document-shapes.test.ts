import type { ApiDocument, CaseReply } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import type { client, ErrorBody } from '../fixtures/http';
import { issueToAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_CALLERS,
  type Caller,
  type MatrixRoute,
  startMatrixApp,
} from '../fixtures/matrix';
import type { TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
type Answer = DocumentAnswer & ErrorBody;

const STATEMENT = 'Δηλώνω ότι μένω στην Αθήνα.';
const ATHENS_RECIPIENT = {
  type: 'entity',
  codename: 'DIMOS_ATHINAION',
  name: { el: 'Δήμος Αθηναίων', en: 'Municipality of Athens', fr: "Municipalité d'Athènes" },
};

/** The fields section 3 names for a document, beside section 7's. */
const SECTION_3_FIELDS = [
  'id',
  'reference_code',
  'type',
  'state',
  'step_name',
  'step_info',
  'template',
  'case_id',
  'is_official',
  'qrcode',
  'timestamp',
  'recipient',
  'values',
  'replies',
] as const;
const STEP_INFO_FIELDS = [
  'fieldsets',
  'field-order',
  'fieldset-order',
  'fields',
  'actions',
  'is-final-view',
  'document-pdf',
] as const;

describe('create and update as section 7 says; the document as section 3 names it', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  /** Citizen A's declaration issued to Athens, the case it opened, and its number. */
  let issued: { id: string; referenceCode: string; caseNumber: string };
  let caseId: string;

  const countDocuments = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('documents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = (url: string, json: unknown, token = tokens.citizenA) =>
    api<Answer>('POST', url, { token, json });
  const create = (json: unknown, path = '/api/gates/USER/gate/documents', token?: string) =>
    post(path, json, token ?? tokens.citizenA);

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp());
    athens = await entityId(t, 'DIMOS_ATHINAION');
    issued = await issueToAthens(t, api, tokens.citizenA);
    const entry = await t.database.db
      .selectFrom('inbox_entries')
      .select('id')
      .where('case_id', '=', issued.caseNumber)
      .executeTakeFirstOrThrow();
    caseId = entry.id;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('a citizen creates on either path', () => {
    for (const path of ['/api/gates/USER/gate/documents', '/api/my-declarations/']) {
      it(`${path}: the envelope, the actor, interactive`, async () => {
        const created = await create(
          {
            document: { template: 'solemn-declaration', statements: { statement: STATEMENT } },
            actor: { caller_authorization_id: 'auth-42' },
            interactive: true,
          },
          path,
        );
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        const document = created.body.data.document;
        expect(document).toMatchObject({
          state: 'editing',
          step_name: 'fields',
          type: 'solemn_declaration',
          template: { refname: 'solemn-declaration' },
          statements: { statement: STATEMENT },
          case_id: null,
          qrcode: null,
          recipient: null,
          replies: [],
          is_official: true,
        });
        expect(document['declaration-id']).toBe(document.id);
        expect(document.step_info.key).toBe('fields');
        const row = await t.database.db
          .selectFrom('documents')
          .select(['caller_authorization_id', 'owner_id'])
          .where('id', '=', document.id)
          .executeTakeFirstOrThrow();
        expect(row.caller_authorization_id).toBe('auth-42');
      });
    }

    it('interactive false: the same document without step_info', async () => {
      const created = await create({
        document: { template: 'solemn-declaration', statements: {} },
        interactive: false,
      });
      expect(created.status).toBe(201);
      const document = created.body.data.document;
      expect(document).not.toHaveProperty('step_info');
      expect(document.step_name).toBe('fields');
      const saved = await post(`/api/my-declarations/${document.id}`, {
        document: { statements: { statement: STATEMENT } },
        interactive: false,
      });
      expect(saved.status).toBe(200);
      expect(saved.body.data.document).not.toHaveProperty('step_info');
      expect(saved.body.data.document.step_name).toBe('recipient');
      // The document itself has its step: a read answers it in full.
      const read = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
        token: tokens.citizenA,
      });
      expect(read.body.data.document.step_info.key).toBe('recipient');
    });

    it('refuses the old top-level caller_authorization_id: 400, nothing created', async () => {
      const before = await countDocuments();
      for (const path of ['/api/gates/USER/gate/documents', '/api/my-declarations/']) {
        const refused = await create(
          { document: { template: 'solemn-declaration' }, caller_authorization_id: 'auth-42' },
          path,
        );
        expect(refused.status, path).toBe(400);
        expect(refused.body.error.code).toBe('invalid_request');
        expect(JSON.stringify(refused.body.error.data)).toContain('caller_authorization_id');
      }
      expect(await countDocuments()).toBe(before);
    });

    it('a citizen’s targets: 400 on create (both paths) and on update, nothing created', async () => {
      const before = await countDocuments();
      const targets = [{ type: 'entry', ref: caseId }];
      for (const path of ['/api/gates/USER/gate/documents', '/api/my-declarations/']) {
        const refused = await create(
          { document: { template: 'solemn-declaration' }, targets },
          path,
        );
        expect(refused.status, path).toBe(400);
        expect(refused.body.error).toMatchObject({
          code: 'invalid_request',
          data: { invalid_fields: [{ invalid_field: 'targets' }] },
        });
      }
      expect(await countDocuments()).toBe(before);
      const draft = (await create({ document: { template: 'solemn-declaration' } })).body.data
        .document;
      const update = await post(`/api/my-declarations/${draft.id}`, {
        document: { statements: { statement: STATEMENT } },
        targets,
      });
      expect(update.status).toBe(400);
      const row = await t.database.db
        .selectFrom('documents')
        .select(['step', 'reply_to_entry_id'])
        .where('id', '=', draft.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ step: 'fields', reply_to_entry_id: null });
    });

    it('a malformed envelope: 400 with the field, never 500', async () => {
      const before = await countDocuments();
      const bodies: [unknown, string][] = [
        [{}, 'document'],
        [{ document: 'solemn-declaration' }, 'document'],
        [{ document: { template: 42 } }, 'document.template'],
        [{ document: { template: 'solemn-declaration', statements: [] } }, 'document.statements'],
        [
          { document: { template: 'solemn-declaration', attachments: { a: 'x' } } },
          'document.attachments',
        ],
        [{ document: { template: 'solemn-declaration' }, targets: 'entry' }, 'targets'],
        [
          {
            document: { template: 'solemn-declaration' },
            targets: [{ type: 'case', ref: caseId }],
          },
          'targets',
        ],
        [
          { document: { template: 'solemn-declaration' }, targets: [{ type: 'entry', ref: '' }] },
          'targets',
        ],
        [{ document: { template: 'solemn-declaration' }, actor: 'me' }, 'actor'],
        [
          { document: { template: 'solemn-declaration' }, actor: { caller_authorization_id: 7 } },
          'actor',
        ],
        [{ document: { template: 'solemn-declaration' }, interactive: 'yes' }, 'interactive'],
        [{ document: { statements: {} } }, 'document.template'],
      ];
      for (const [json, field] of bodies) {
        const refused = await create(json);
        expect(refused.status, JSON.stringify(json)).toBe(400);
        expect(refused.body.error.code).toBe('invalid_request');
        expect(JSON.stringify(refused.body.error.data ?? {}), JSON.stringify(json)).toContain(
          field,
        );
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/gates/USER/gate/documents',
        headers: { authorization: `Bearer ${tokens.citizenA}`, 'content-type': 'application/json' },
        payload: '{"document": {',
      });
      expect(notJson.statusCode).toBe(400);
      expect(await countDocuments()).toBe(before);
    });
  });

  describe('update', () => {
    it('a digest other than the stored draft’s: 409 document_modified, nothing saved', async () => {
      const draft = (await create({ document: { template: 'solemn-declaration' } })).body.data
        .document;
      const stale = draft['digest-sha256'];
      const first = await post(`/api/my-declarations/${draft.id}`, {
        document: {
          'declaration-id': draft.id,
          'digest-sha256': stale,
          statements: { statement: STATEMENT },
        },
      });
      expect(first.status).toBe(200);
      expect(first.body.data.document['digest-sha256']).not.toBe(stale);
      // Someone else saved meanwhile: the stale digest is refused.
      const second = await post(`/api/my-declarations/${draft.id}`, {
        document: {
          'declaration-id': draft.id,
          'digest-sha256': stale,
          statements: { recipient: ATHENS_RECIPIENT },
        },
      });
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe('document_modified');
      const row = await t.database.db
        .selectFrom('documents')
        .select(['step', 'recipient', 'digest'])
        .where('id', '=', draft.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        step: 'recipient',
        recipient: null,
        digest: first.body.data.document['digest-sha256'],
      });
    });
  });

  describe('the answer at each state', () => {
    const expectSection3 = (document: ApiDocument) => {
      for (const field of SECTION_3_FIELDS) expect(document, field).toHaveProperty(field);
      for (const field of STEP_INFO_FIELDS) expect(document.step_info, field).toHaveProperty(field);
    };

    it('editing, requested, issued: step_name, values, qrcode, document-pdf, replies', async () => {
      const created = await create({
        document: { template: 'solemn-declaration', statements: { statement: STATEMENT } },
        interactive: true,
      });
      const editing = created.body.data.document;
      expectSection3(editing);
      expect(editing.state).toBe('editing');
      // Registry values and the citizen's statement, as the document reads them.
      expect(editing.values).toMatchObject({
        statement: STATEMENT,
        afm: '100000015',
      });
      expect(editing.values.firstname).toBeTruthy();
      expect(editing.values).not.toHaveProperty('recipient');
      expect(editing.step_info['document-pdf']).toBeNull();
      expect(editing.step_info['is-final-view']).toBe(false);

      const id = editing.id;
      const update = (statements: Record<string, unknown>, extra = {}) =>
        post(`/api/my-declarations/${id}`, { document: { statements }, ...extra });
      expect((await update({ statement: STATEMENT })).status).toBe(200);
      const preview = await update({ recipient: ATHENS_RECIPIENT });
      expect(preview.body.data.document.step_name).toBe('preview');
      expect(preview.body.data.document.values.recipient).toBe('Δήμος Αθηναίων');

      const requested = (await update({}, { action: 'submit' })).body.data.document;
      expectSection3(requested);
      expect(requested).toMatchObject({
        state: 'requested',
        step_name: 'confirm',
        qrcode: null,
        reference_code: null,
        recipient: { type: 'entity', codename: 'DIMOS_ATHINAION' },
        replies: [],
      });
      expect(requested.step_info['document-pdf']).toBeNull();

      const sms = await t.database.db
        .selectFrom('outbox')
        .select('body')
        .where('document_id', '=', id)
        .where('message_key', '=', 'otp_sms')
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
      const confirmed = await update({ otp_code: code });
      expect(confirmed.status).toBe(200);
      const read = await api<DocumentAnswer>('GET', `/api/my-declarations/${id}`, {
        token: tokens.citizenA,
      });
      for (const document of [confirmed.body.data.document, read.body.data.document]) {
        expectSection3(document);
        const referenceCode = document.reference_code ?? '';
        expect(referenceCode).not.toBe('');
        expect(document).toMatchObject({
          state: 'issued',
          step_name: 'issued',
          type: 'solemn_declaration',
          is_official: true,
          qrcode: `${t.app.config.publicUrl}/show/${referenceCode}`,
          replies: [],
        });
        expect(document.case_id).toMatch(/\S/);
        expect(Date.parse(document.timestamp)).not.toBeNaN();
        expect(document.values).toMatchObject({
          statement: STATEMENT,
          recipient: 'Δήμος Αθηναίων',
        });
        expect(document.step_info['is-final-view']).toBe(true);
        expect(document.step_info['document-pdf']).toEqual({
          'content-uri': null,
          filename: `${referenceCode}.pdf`,
          action: 'pdf',
        });
      }
    });
  });

  describe('an entity creates on gates/{codename}/gate/documents', () => {
    const gate = '/api/gates/DIMOS_ATHINAION/gate/documents';

    it('with a targets entry: a reply to the case, in the case’s replies and, issued, the citizen’s', async () => {
      const created = await create(
        {
          document: { template: 'entity-acknowledgement', statements: { note: 'Παρελήφθη.' } },
          targets: [{ type: 'entry', ref: caseId }],
          interactive: true,
        },
        gate,
        tokens.clerkA,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const reply = created.body.data.document;
      expect(reply).toMatchObject({
        state: 'editing',
        step_name: 'acknowledgement',
        issuer_entity_id: athens,
        targets: [{ type: 'entry', ref: caseId }],
        values: { case_id: issued.caseNumber, note: 'Παρελήφθη.', entity_name: 'Δήμος Αθηναίων' },
      });
      // The same use case as POST entity/{e}/inbox/{i}/reply: the case lists it (a draft).
      const listed = await api<{ data: CaseReply[] }>(
        'GET',
        `/api/entity/${athens}/inbox/${caseId}/replies`,
        { token: tokens.clerkA },
      );
      expect(listed.body.data.map((row) => [row.id, row.state])).toContainEqual([
        reply.id,
        'editing',
      ]);
      const history = await t.database.db
        .selectFrom('case_events')
        .select('action')
        .where('inbox_entry_id', '=', caseId)
        .execute();
      expect(history.map((row) => row.action)).toContain('replying');
      // The citizen sees no draft of the clerk's.
      const before = await api<DocumentAnswer>('GET', `/api/my-declarations/${issued.id}`, {
        token: tokens.citizenA,
      });
      expect(before.body.data.document.replies).toEqual([]);

      const save = (extra = {}) =>
        post(
          `/api/entity/${athens}/documents/${reply.id}`,
          { document: { statements: {} }, ...extra },
          tokens.clerkA,
        );
      expect((await save()).body.data.document.step_name).toBe('preview');
      const done = await save({ action: 'submit' });
      expect(done.status).toBe(200);
      expect(done.body.data.document.state).toBe('issued');

      const after = await api<DocumentAnswer>('GET', `/api/my-declarations/${issued.id}`, {
        token: tokens.citizenA,
      });
      expect(after.body.data.document.replies).toEqual([
        {
          id: reply.id,
          entity_id: athens,
          reference_code: done.body.data.document.reference_code,
          timestamp: expect.any(String) as string,
          user_display_name: expect.stringMatching(/\S/) as string,
          state: 'issued',
        },
      ]);
    });

    it('without targets: a document the entity issues; a reply template needs its case', async () => {
      const created = await create(
        { document: { template: 'entity-certificate', statements: { subject: 'Βεβαίωση' } } },
        gate,
        tokens.headA,
      );
      expect(created.status).toBe(201);
      expect(created.body.data.document).toMatchObject({
        issuer_entity_id: athens,
        targets: [],
        values: { subject: 'Βεβαίωση', entity_name: 'Δήμος Αθηναίων' },
      });
      const noCase = await create({ document: { template: 'entity-reply' } }, gate, tokens.clerkA);
      expect(noCase.status).toBe(400);
      expect(noCase.body.error.code).toBe('template_not_for_entity');
      const notReply = await create(
        { document: { template: 'entity-certificate' }, targets: [{ type: 'entry', ref: caseId }] },
        gate,
        tokens.clerkA,
      );
      expect(notReply.status).toBe(400);
      expect(notReply.body.error.code).toBe('template_not_for_entity');
    });

    it('only the entity’s own cases, and only its own gate', async () => {
      const before = await countDocuments();
      const body = {
        document: { template: 'entity-acknowledgement' },
        targets: [{ type: 'entry', ref: caseId }],
      };
      // AADE's clerk, on AADE's gate, naming Athens' case.
      const other = await create(body, '/api/gates/AADE/gate/documents', tokens.clerkB);
      expect(other.status).toBe(404);
      expect(other.body.error.code).toBe('case_not_found');
      // …and on Athens' gate.
      expect((await create(body, gate, tokens.clerkB)).status).toBe(404);
      const unknownCase = await create(
        { ...body, targets: [{ type: 'entry', ref: 'not-a-case' }] },
        gate,
        tokens.clerkA,
      );
      expect(unknownCase.status).toBe(404);
      expect(unknownCase.body.error.code).toBe('case_not_found');
      const unknownGate = await create(
        body,
        '/api/gates/NO_SUCH_ENTITY/gate/documents',
        tokens.clerkA,
      );
      expect(unknownGate.status).toBe(404);
      expect(await countDocuments()).toBe(before);
    });

    it('an update on the entity’s scope takes no targets', async () => {
      const created = await create(
        { document: { template: 'entity-certificate' } },
        gate,
        tokens.clerkA,
      );
      const refused = await post(
        `/api/entity/${athens}/documents/${created.body.data.document.id}`,
        { document: { statements: {} }, targets: [{ type: 'entry', ref: caseId }] },
        tokens.clerkA,
      );
      expect(refused.status).toBe(400);
      expect(refused.body.error.code).toBe('invalid_request');
    });
  });

  describe('authorization matrix of the two create routes', () => {
    it('POST gates/USER/gate/documents answers every caller as my-declarations/ does', async () => {
      const route = (path: string): MatrixRoute => ({
        method: 'POST',
        path: () => path,
        json: () => ({ document: { template: 'solemn-declaration', statements: {} } }),
        expected: [401, 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'],
      });
      await expectMatrix(api, tokens, MATRIX_CALLERS, route('/api/gates/USER/gate/documents'));
      await expectMatrix(api, tokens, MATRIX_CALLERS, route('/api/my-declarations/'));
    });

    it('POST gates/{codename}/gate/documents: the entity’s clerks and heads only', async () => {
      await expectMatrix(api, tokens, MATRIX_CALLERS, {
        method: 'POST',
        path: () => '/api/gates/DIMOS_ATHINAION/gate/documents',
        json: () => ({ document: { template: 'entity-certificate', statements: {} } }),
        // anonymous, citizen A, citizen B, clerk A, head A, clerk B, admin without a role
        expected: [401, 403, 403, 'ok', 'ok', 404, 403],
      });
      await expectMatrix(api, tokens, MATRIX_CALLERS, {
        method: 'POST',
        path: () => '/api/gates/DIMOS_ATHINAION/gate/documents',
        json: () => ({
          document: { template: 'entity-acknowledgement', statements: {} },
          targets: [{ type: 'entry', ref: caseId }],
        }),
        expected: [401, 403, 403, 'ok', 'ok', 404, 403],
      });
    });
  });
});
