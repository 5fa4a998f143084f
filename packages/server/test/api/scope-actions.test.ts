import crypto from 'node:crypto';
import type {
  CaseActionResponse,
  DocumentActionResponse,
  InboxEntryResponse,
  ValidationActionResponse,
} from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import { client, type ErrorBody } from '../fixtures/http';
import { issueToAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_AFM,
  MATRIX_CALLERS,
  type Caller,
  type Outcome,
  startMatrixApp,
} from '../fixtures/matrix';
import type { TestApp } from '../helpers';

type Answer = DocumentActionResponse & ErrorBody;
type Invalid = { invalid_field: string; error_info: { code: string } }[];
const invalidOf = (body: ErrorBody) => (body.error.data?.invalid_fields ?? []) as Invalid;

/** Every action of the spec (and our set-retention), in the order the matrix runs them. */
const ACTIONS = [
  'retrieve',
  'pdf',
  'share',
  'resend_otp',
  'resend_email_otp',
  'send-document-link',
  'download-attachment',
  'set-retention',
  'dismiss',
  'revoke',
] as const;
type Action = (typeof ACTIONS)[number];

const PERSON_B = {
  type: 'person',
  firstname: 'Γιώργος',
  surname: 'Βλάχος',
  afm: MATRIX_AFM.citizenB,
};

/** The arguments each action takes in the matrix. */
const ARGS: Record<Action, Record<string, unknown>> = {
  retrieve: { retrieval: 'content-uri' },
  pdf: {},
  share: { targets: [PERSON_B] },
  resend_otp: {},
  resend_email_otp: {},
  'send-document-link': { method: 'sms' },
  'download-attachment': { key: 'proof', 'attachment-index': 0 },
  'set-retention': { days: 365 },
  dismiss: {},
  revoke: {},
};

describe('document actions on every scope (spec section 7)', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  /** Citizen A's issued declaration, with an attachment, and its case at Athens. */
  let doc: { id: string; referenceCode: string; caseNumber: string };
  let caseId: string;
  let fileId: string;
  /** A reply Athens issued to citizen A on that case. */
  let reply: { id: string; referenceCode: string };

  /** A stored attachment for a document (the upload path has its own tests). */
  const attach = async (documentId: string, key = 'proof') => {
    const bytes = Buffer.from(`%PDF-1.4 attachment of ${documentId}`);
    const row = await t.database.db
      .insertInto('document_files')
      .values({
        document_id: documentId,
        field_key: key,
        attachment_index: 0,
        filename: 'proof.pdf',
        content_type: 'application/pdf',
        size: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        bytes,
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const caseOf = async (caseNumber: string) =>
    (
      await t.database.db
        .selectFrom('inbox_entries')
        .select('id')
        .where('case_id', '=', caseNumber)
        .executeTakeFirstOrThrow()
    ).id;
  const act = <T = Answer>(
    path: string,
    json: Record<string, unknown>,
    token: string | undefined = tokens.citizenA,
    headers: Record<string, string> = {},
  ) => api<T & ErrorBody>('POST', `/api/${path}/action`, { token, json, headers });
  /** A draft of citizen A awaiting its SMS code (state requested). */
  const requestedDraft = async () => {
    const created = await api<Answer>('POST', '/api/my-declarations/', {
      token: tokens.citizenA,
      json: { document: { template: 'solemn-declaration', statements: {} } },
    });
    const id = created.body.data.document.id;
    const update = (statements: Record<string, unknown>, extra = {}) =>
      api<Answer>('POST', `/api/my-declarations/${id}`, {
        token: tokens.citizenA,
        json: { document: { statements }, ...extra },
      });
    await update({ statement: 'Δηλώνω ότι περιμένω τον κωδικό.' });
    const recipient = { type: 'entity', codename: 'DIMOS_ATHINAION', name: { el: 'x', en: 'x' } };
    await update({ recipient });
    const submitted = await update({}, { action: 'submit' });
    expect(submitted.body.data.document.state).toBe('requested');
    return id;
  };
  /** Lets the next code go out at once (OTP_RESEND_INTERVAL_SECONDS is at least 1 s). */
  const allowResend = (documentId: string) =>
    t.database.db
      .updateTable('otp_challenges')
      .set({ last_sent_at: new Date(Date.now() - 3_600_000) })
      .where('document_id', '=', documentId)
      .execute();

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp({ VALIDATION_RATE_LIMIT_MAX: '100000' }));
    athens = await entityId(t, 'DIMOS_ATHINAION');
    doc = await issueToAthens(t, api, tokens.citizenA, 'Δηλώνω ότι μένω στην Αθήνα.');
    caseId = await caseOf(doc.caseNumber);
    fileId = await attach(doc.id);
    const started = await api<Answer>('POST', `/api/entity/${athens}/inbox/${caseId}/reply`, {
      token: tokens.clerkA,
      json: { template: 'entity-acknowledgement' },
    });
    expect(started.status).toBe(201);
    const draftId = started.body.data.document.id;
    const save = (extra = {}) =>
      api<Answer>('POST', `/api/entity/${athens}/documents/${draftId}`, {
        token: tokens.clerkA,
        json: { document: { statements: { note: 'Εντάξει.' } }, ...extra },
      });
    expect((await save()).status).toBe(200);
    const issued = await save({ action: 'submit' });
    expect(issued.body.data.document.state).toBe('issued');
    reply = { id: draftId, referenceCode: issued.body.data.document.reference_code ?? '' };
    await attach(reply.id);
  }, 120_000);
  afterAll(async () => t?.close());

  it('answers the spec’s document on my-declarations: retrieve with content-uri, pdf', async () => {
    const retrieved = await act(`my-declarations/${doc.id}`, {
      action: 'retrieve',
      arguments: { retrieval: 'content-uri' },
    });
    expect(retrieved.status).toBe(200);
    const document = retrieved.body.data.document;
    expect(document).toMatchObject({
      scope: 'my-declarations',
      state: 'issued',
      'declaration-id': doc.id,
      'document-id': doc.id,
      case_id: doc.caseNumber,
      is_official: true,
      statements: expect.objectContaining({ statement: 'Δηλώνω ότι μένω στην Αθήνα.' }),
    });
    for (const field of ['step_name', 'attachments', 'timestamp'])
      expect(document).toHaveProperty(field);
    expect(document.actions).toEqual([
      'retrieve',
      'pdf',
      'share',
      'revoke',
      'send-document-link',
      'download-attachment',
      'dismiss',
      'set-retention',
    ]);
    const uri = retrieved.body.data['document-pdf']?.['content-uri'] ?? '';
    expect(uri).toMatch(/^\/api\/pdf\//);
    const pdf = await api('GET', uri);
    expect(pdf.status).toBe(200);
    // Without `retrieval` no PDF address; another `retrieval` is refused.
    const plain = await act(`my-declarations/${doc.id}`, { action: 'retrieve' });
    expect(plain.body.data['document-pdf']).toBeUndefined();
    const odd = await act(`my-declarations/${doc.id}`, {
      action: 'retrieve',
      arguments: { retrieval: 'base64' },
    });
    expect(odd.status).toBe(400);
    expect(invalidOf(odd.body).map((f) => f.invalid_field)).toEqual(['retrieval']);

    const asked = await act(`my-declarations/${doc.id}`, { action: 'pdf' }, tokens.citizenA, {
      'accept-language': 'en',
    });
    expect(asked.status).toBe(200);
    expect(asked.body.meta?.download_url).toMatch(/^\/api\/pdf\//);
    expect(asked.body.data['document-pdf']?.['content-uri']).toBe(asked.body.meta?.download_url);
    expect(asked.body.message).toBe('The PDF file is ready to download.');
  });

  it('downloads an attachment by file_id or by key and index; a token for the owner', async () => {
    const byId = await act(`my-declarations/${doc.id}`, {
      action: 'download-attachment',
      arguments: { file_id: fileId },
    });
    expect(byId.status).toBe(200);
    const url = byId.body.meta?.download_url ?? '';
    expect(url).toMatch(/^\/api\/case-files\//);
    const file = await api<string>('GET', url);
    expect(file.status).toBe(200);
    expect(file.body).toContain(`attachment of ${doc.id}`);
    const byKey = await act(`my-declarations/${doc.id}`, {
      action: 'download-attachment',
      arguments: { key: 'proof', 'attachment-index': 0 },
    });
    expect(byKey.status).toBe(200);
    const missing = await act(`my-declarations/${doc.id}`, {
      action: 'download-attachment',
      arguments: { key: 'proof', 'attachment-index': 3 },
    });
    expect(missing.status).toBe(404);
    const unnamed = await act(`my-declarations/${doc.id}`, { action: 'download-attachment' });
    expect(unnamed.status).toBe(400);
    expect(invalidOf(unnamed.body).map((f) => f.invalid_field)).toEqual(['key']);

    const token = (who: string | undefined, key = 'proof') =>
      api<{ download_url: string; expires_at: string } & ErrorBody>(
        'POST',
        `/api/my-declarations/${doc.id}/attachments/${key}/token`,
        { token: who },
      );
    const own = await token(tokens.citizenA);
    expect(own.status).toBe(200);
    expect(own.body.download_url).toMatch(/^\/api\/case-files\//);
    expect(Date.parse(own.body.expires_at)).toBeGreaterThan(Date.now());
    expect((await api<string>('GET', own.body.download_url)).body).toContain(doc.id);
    expect((await token(tokens.citizenA, 'other')).status).toBe(404);
    expect((await token(tokens.citizenB)).status).toBe(404);
    expect((await token(tokens.clerkA)).status).toBe(404);
    expect((await token(undefined)).status).toBe(401);
  });

  it('sends the link by e-mail or SMS, shares with targets, keeps it longer (set-retention)', async () => {
    const outbox = (key: string) =>
      t.database.db
        .selectFrom('outbox')
        .select(['recipient', 'message_key'])
        .where('document_id', '=', doc.id)
        .where('message_key', '=', key)
        .execute();
    const sms = await act(`my-declarations/${doc.id}`, {
      action: 'send-document-link',
      arguments: { method: 'sms' },
    });
    expect(sms.status).toBe(200);
    expect(sms.body.message).toBe('Το έγγραφο στάλθηκε με SMS.');
    expect(await outbox('document_sms')).toHaveLength(1);
    const email = await act(
      `my-declarations/${doc.id}`,
      { action: 'send-document-link', arguments: { method: 'email', email: 'nikos@example.gr' } },
      tokens.citizenA,
      { 'accept-language': 'fr' },
    );
    expect(email.status).toBe(200);
    expect(email.body.message).toBe('Le lien du document a été envoyé à nikos@example.gr.');
    expect(await outbox('document_link_email')).toEqual([
      expect.objectContaining({ recipient: 'nikos@example.gr' }),
    ]);
    for (const args of [{}, { method: 'fax' }, { method: 'email', email: 'not-an-address' }]) {
      const refused = await act(`my-declarations/${doc.id}`, {
        action: 'send-document-link',
        arguments: args,
      });
      expect(refused.status, JSON.stringify(args)).toBe(400);
      expect(refused.body.error.code).toBe('invalid_fields');
    }

    const shared = await act(`my-declarations/${doc.id}`, {
      action: 'share',
      arguments: {
        targets: [
          PERSON_B,
          { type: 'person', firstname: 'Άννα', surname: 'Νέα', afm: '100000076' },
        ],
      },
    });
    expect(shared.status).toBe(200);
    expect(shared.body.message).toBe(
      'Το έγγραφο κοινοποιήθηκε στον/στην Γιώργος Βλάχος, Άννα Νέα.',
    );
    const shares = await t.database.db
      .selectFrom('document_shares')
      .select('afm')
      .where('document_id', '=', doc.id)
      .execute();
    expect(shares.map((s) => s.afm)).toEqual(
      expect.arrayContaining([MATRIX_AFM.citizenB, '100000076']),
    );

    const kept = await act(`my-declarations/${doc.id}`, {
      action: 'set-retention',
      arguments: { days: 400 },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.message).toMatch(/^Το έγγραφο θα διατηρηθεί έως \d{2}\/\d{2}\/\d{4}/);
    expect(kept.body.data.document.retention_until).toBeTruthy();
  });

  it('refuses bad targets, old names, unknown actions, wrong states and others’ documents', async () => {
    const share = (args: Record<string, unknown>) =>
      act(`my-declarations/${doc.id}`, { action: 'share', arguments: args });
    const cases: [Record<string, unknown>, string[]][] = [
      [{}, ['targets']],
      [{ targets: [] }, ['targets']],
      [{ firstname: 'Γιώργος', surname: 'Βλάχος', afm: MATRIX_AFM.citizenB }, ['targets']],
      [{ targets: [{ ...PERSON_B, afm: '123' }] }, ['targets[0].afm']],
      [{ targets: [{ ...PERSON_B, type: 'entry' }] }, ['targets[0].type']],
      [
        { targets: [PERSON_B, { type: 'person', firstname: ' ' }] },
        ['targets[1].firstname', 'targets[1].surname', 'targets[1].afm'],
      ],
      [{ targets: ['x'] }, ['targets[0]']],
    ];
    for (const [args, fields] of cases) {
      const refused = await share(args);
      expect(refused.status, JSON.stringify(args)).toBe(400);
      expect(refused.body.error.code).toBe('invalid_fields');
      expect(invalidOf(refused.body).map((f) => f.invalid_field)).toEqual(fields);
    }

    for (const [old, use] of [
      ['email', 'send-document-link'],
      ['sms', 'send-document-link'],
      ['set_retention', 'set-retention'],
    ] as const) {
      const renamed = await act(`my-declarations/${doc.id}`, { action: old }, tokens.citizenA, {
        'accept-language': 'en',
      });
      expect(renamed.status, old).toBe(400);
      expect(renamed.body.error.code).toBe('action_renamed');
      expect(renamed.body.error.data).toMatchObject({ action: old, use });
      expect(renamed.body.error.message).toBe(
        `The action “${old}” has been renamed; use “${use}”.`,
      );
    }
    const unknown = await act(`my-declarations/${doc.id}`, { action: 'teleport' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.code).toBe('invalid_request');
    expect(invalidOf(unknown.body)).toEqual([
      expect.objectContaining({ invalid_field: 'action', error_info: { code: 'choice_invalid' } }),
    ]);

    // Wrong state: the issued document takes no code; the draft has no PDF yet.
    const resend = await act(`my-declarations/${doc.id}`, { action: 'resend_otp' });
    expect(resend.status).toBe(409);
    expect(resend.body.error.code).toBe('action_not_allowed_on_state');
    const draft = await requestedDraft();
    for (const action of ['pdf', 'share', 'revoke', 'send-document-link', 'dismiss']) {
      const early = await act(`my-declarations/${draft}`, { action, arguments: ARGS.share });
      expect(early.status, action).toBe(409);
    }

    // Another citizen's document is not found through any of the citizen's scopes.
    for (const path of [
      `my-declarations/${doc.id}`,
      `citizen-declarations/${doc.id}`,
      `citizen-declarations/${doc.referenceCode}`,
    ]) {
      const other = await act(path, { action: 'retrieve' }, tokens.citizenB);
      expect(other.status, path).toBe(404);
      expect(other.body.error.code).toBe('document_api__declaration_not_found');
    }
    const viaGate = await act(
      'gates/USER/gate/documents',
      { action: 'retrieve', object_id: doc.id },
      tokens.citizenB,
    );
    expect(viaGate.status).toBe(404);
    const noObject = await act('gates/USER/gate/documents', { action: 'retrieve' });
    expect(noObject.status).toBe(400);
  });

  it('resends the code by SMS or e-mail (409 email_not_set without an address)', async () => {
    const draft = await requestedDraft();
    await allowResend(draft);
    const sms = await act(`my-declarations/${draft}`, { action: 'resend_otp' });
    expect(sms.status).toBe(200);
    expect(sms.body.data.document.state).toBe('requested');
    expect(sms.body.message).toBe('Στάλθηκε νέος κωδικός.');

    const citizen = await t.database.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('afm', '=', MATRIX_AFM.citizenA)
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('users')
      .set({ email: null })
      .where('id', '=', citizen.id)
      .execute();
    await allowResend(draft);
    const none = await act(`my-declarations/${draft}`, { action: 'resend_email_otp' });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe('email_not_set');

    await t.database.db
      .updateTable('users')
      .set({ email: 'maria@example.gr' })
      .where('id', '=', citizen.id)
      .execute();
    const mailed = await act(`my-declarations/${draft}`, { action: 'resend_email_otp' });
    expect(mailed.status).toBe(200);
    expect(mailed.body.message).toBe('Στάλθηκε νέος κωδικός στο maria@example.gr.');
    const sent = await t.database.db
      .selectFrom('outbox')
      .select(['recipient', 'body'])
      .where('document_id', '=', draft)
      .where('message_key', '=', 'otp_email')
      .execute();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.recipient).toBe('maria@example.gr');
    // The same limits as resend_otp: at once again is too soon.
    const again = await act(`my-declarations/${draft}`, { action: 'resend_email_otp' });
    expect(again.status).toBe(429);
    expect(again.body.error.code).toBe('otp_already_sent');
    await t.database.db
      .updateTable('users')
      .set({ email: citizen.email })
      .where('id', '=', citizen.id)
      .execute();
  });

  it('reaches documents by id, reference code and object_id as owner or receiver', async () => {
    const byCode = await act(`citizen-declarations/${doc.referenceCode.toLowerCase()}`, {
      action: 'retrieve',
    });
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.document).toMatchObject({
      scope: 'citizen-declarations',
      'document-id': doc.id,
    });
    const byId = await act(`citizen-declarations/${doc.id}`, { action: 'retrieve' });
    expect(byId.body.data.document.scope).toBe('citizen-declarations');
    const gate = await act('gates/USER/gate/documents', { action: 'retrieve', object_id: doc.id });
    expect(gate.body.data.document.scope).toBe('gates/USER/gate/documents');

    // The reply Athens issued to A: she may read it, not act on it as its owner.
    const received = await act(`citizen-declarations/${reply.referenceCode}`, { action: 'pdf' });
    expect(received.status).toBe(200);
    expect(received.body.data.document.actions).toEqual(['retrieve', 'pdf', 'download-attachment']);
    const notHers = await act(`citizen-declarations/${reply.id}`, { action: 'revoke' });
    expect(notHers.status).toBe(400);
    const notInWizard = await act(`my-declarations/${reply.id}`, { action: 'retrieve' });
    expect(notInWizard.status).toBe(404);
  });

  it("lets the entity's staff read its own documents through its gate", async () => {
    const read = await act(
      'gates/DIMOS_ATHINAION/gate/documents',
      { action: 'retrieve', object_id: reply.id, arguments: { retrieval: 'content-uri' } },
      tokens.clerkA,
    );
    expect(read.status).toBe(200);
    expect(read.body.data.document).toMatchObject({
      scope: 'gates/{gateId}/gate/documents',
      'document-id': reply.id,
      state: 'issued',
    });
    expect(read.body.data['document-pdf']?.['content-uri']).toMatch(/^\/api\/pdf\//);
    const citizenDoc = await act(
      'gates/DIMOS_ATHINAION/gate/documents',
      { action: 'retrieve', object_id: doc.id },
      tokens.clerkA,
    );
    expect(citizenDoc.status).toBe(404);
    const unknownGate = await act(
      'gates/NO_SUCH_GATE/gate/documents',
      { action: 'retrieve', object_id: reply.id },
      tokens.clerkA,
    );
    expect(unknownGate.status).toBe(404);
  });

  it("acts on a case's document: retrieve, share with targets, dismiss a closed case", async () => {
    const path = `entity/${athens}/inbox/${caseId}`;
    const read = await act<CaseActionResponse>(
      path,
      { action: 'download-attachment', arguments: { key: 'proof' } },
      tokens.clerkA,
    );
    expect(read.status).toBe(200);
    expect(read.body.data.document).toMatchObject({
      scope: 'entity/{entityId}/inbox/{inboxId}',
      'document-id': doc.id,
    });
    expect(read.body.data.case.id).toBe(caseId);
    expect(read.body.meta?.download_url).toMatch(/^\/api\/case-files\//);

    const shared = await act<CaseActionResponse>(
      path,
      { action: 'share', arguments: { targets: [PERSON_B] } },
      tokens.clerkA,
      { 'accept-language': 'en' },
    );
    expect(shared.status).toBe(200);
    expect(shared.body.message).toBe('The document has been shared with Γιώργος Βλάχος.');
    const history = await api<{ data: { action: string; details: Record<string, unknown> }[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/history`,
      { token: tokens.clerkA },
    );
    expect(history.body.data.at(-1)).toMatchObject({
      action: 'share',
      details: { afm: MATRIX_AFM.citizenB },
    });
    const badTargets = await act(path, { action: 'share', arguments: { afm: '1' } }, tokens.clerkA);
    expect(badTargets.status).toBe(400);
    expect(badTargets.body.error.code).toBe('invalid_fields');

    const open = await act(path, { action: 'dismiss' }, tokens.clerkA);
    expect(open.status).toBe(409);
    const other = await issueToAthens(t, api, tokens.citizenA, 'Δηλώνω ότι θα κλείσει.');
    const otherCase = await caseOf(other.caseNumber);
    const finished = await api('POST', `/api/entity/${athens}/inbox/${otherCase}/change_state`, {
      token: tokens.clerkA,
      json: { state: 'finished' },
    });
    expect(finished.status).toBe(200);
    const dismissed = await act<CaseActionResponse>(
      `entity/${athens}/inbox/${otherCase}`,
      { action: 'dismiss' },
      tokens.clerkA,
    );
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data.case.dismissed).toBe(true);
    expect(dismissed.body.message).toBe('Η υπόθεση αφαιρέθηκε από τις λίστες του φορέα.');
  });

  it('acts on the document a received message carries; archive and unarchive still work', async () => {
    const bob = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('afm', '=', MATRIX_AFM.citizenB)
      .executeTakeFirstOrThrow();
    const message = await t.database.db
      .selectFrom('citizen_messages')
      .select('id')
      .where('owner_id', '=', bob.id)
      .where('type', '=', 'shared-document')
      .where('document_id', '=', doc.id)
      .executeTakeFirstOrThrow();
    const path = 'gates/USER/gate/inbox-entries';
    const retrieved = await act<InboxEntryResponse>(
      path,
      { action: 'retrieve', object_id: message.id, arguments: { retrieval: 'content-uri' } },
      tokens.citizenB,
    );
    expect(retrieved.status).toBe(200);
    expect(retrieved.body.data).toMatchObject({ id: message.id, status: 'retrieved' });
    expect(retrieved.body.data.document).toMatchObject({
      scope: 'gates/USER/gate/inbox-entries',
      'document-id': doc.id,
      template_refname: 'solemn-declaration',
      statements: expect.objectContaining({ statement: 'Δηλώνω ότι μένω στην Αθήνα.' }),
    });
    expect(retrieved.body.data['document-pdf']?.['content-uri']).toMatch(/^\/api\/pdf\//);
    const pdf = await act<InboxEntryResponse>(
      path,
      { action: 'pdf', object_id: message.id },
      tokens.citizenB,
    );
    expect(pdf.body.meta?.download_url).toMatch(/^\/api\/pdf\//);
    const revoke = await act(path, { action: 'revoke', object_id: message.id }, tokens.citizenB);
    expect(revoke.status).toBe(400);
    const renamed = await act(path, { action: 'sms', object_id: message.id }, tokens.citizenB);
    expect(renamed.body.error.code).toBe('action_renamed');
    const archived = await act<InboxEntryResponse>(
      path,
      { action: 'archive', object_id: message.id },
      tokens.citizenB,
    );
    expect(archived.body.data.status).toBe('archived');
    const back = await act<InboxEntryResponse>(
      path,
      { action: 'unarchive', arguments: { object_id: message.id } },
      tokens.citizenB,
    );
    expect(back.body.data.status).toBe('retrieved');
    expect((await act(path, { action: 'pdf', object_id: message.id })).status).toBe(404);
  });

  it('lets anyone retrieve a validated document and its PDF by reference code', async () => {
    const retrieved = await act<ValidationActionResponse>(
      'validation/document',
      { action: 'retrieve', object_id: doc.referenceCode, arguments: { retrieval: 'content-uri' } },
      undefined,
    );
    expect(retrieved.status).toBe(200);
    expect(retrieved.body.data.document).toMatchObject({
      scope: 'validation/document',
      state: 'issued',
      is_official: true,
    });
    expect(retrieved.body.data.document).not.toHaveProperty('statements');
    expect(retrieved.body.data['document-pdf']?.['content-uri']).toMatch(
      /^\/api\/validation\/pdf\//,
    );
    const pdf = await act<ValidationActionResponse>(
      'validation/document',
      { action: 'pdf', arguments: { 'document-id': doc.referenceCode } },
      undefined,
    );
    expect(pdf.body.meta?.download_url).toBe(pdf.body.data['document-pdf']?.['content-uri']);
    const share = await act('validation/document', {
      action: 'share',
      object_id: doc.referenceCode,
    });
    expect(share.status).toBe(400);
    const unknown = await act('validation/document', { action: 'retrieve', object_id: '0000' });
    expect(unknown.status).toBe(404);
    const empty = await act('validation/document', { action: 'retrieve' }, undefined);
    expect(empty.body.error.code).toBe('empty_value');
  });

  it('revokes (irreversibly) and then dismisses; a revoked document has no PDF to validate', async () => {
    const other = await issueToAthens(t, api, tokens.citizenA, 'Δηλώνω ότι θα ανακληθεί.');
    const revoked = await act(`my-declarations/${other.id}`, { action: 'revoke' });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.document.state).toBe('revoked');
    expect(revoked.body.message).toBe('Το έγγραφο έχει ανακληθεί.');
    expect((await act(`my-declarations/${other.id}`, { action: 'revoke' })).status).toBe(409);
    const pdf = await act('validation/document', { action: 'pdf', object_id: other.referenceCode });
    expect(pdf.status).toBe(409);
    const dismissed = await act(`my-declarations/${other.id}`, { action: 'dismiss' });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.message).toBe('Το έγγραφο αφαιρέθηκε από τη λίστα σας.');
  });

  describe('authorization matrix: every scope × action × caller', () => {
    // Callers: anonymous, citizen A, citizen B, clerk A, head A, clerk B, admin without a role.
    const OWNER_ISSUED: Record<Action, Outcome> = {
      retrieve: 'ok',
      pdf: 'ok',
      share: 'ok',
      resend_otp: 409,
      resend_email_otp: 409,
      'send-document-link': 'ok',
      'download-attachment': 'ok',
      'set-retention': 'ok',
      dismiss: 'ok',
      revoke: 'ok',
    };
    const reading = (action: Action, yes: Outcome = 'ok'): Outcome =>
      action === 'retrieve' || action === 'pdf' || action === 'download-attachment' ? yes : 400;
    const ownerRow = (action: Action): Outcome[] => [
      401,
      OWNER_ISSUED[action],
      404,
      404,
      404,
      404,
      404,
    ];
    const staffRow = (outcome: Outcome): Outcome[] => [401, 403, 403, outcome, outcome, 404, 403];

    it('citizen scopes: only the owner reaches her document', async () => {
      for (const scope of [
        'my-declarations',
        'citizen-declarations',
        'gates/USER/gate/documents',
      ]) {
        const own = await issueToAthens(t, api, tokens.citizenA, `Δηλώνω για το ${scope}.`);
        await attach(own.id);
        const path = scope === 'gates/USER/gate/documents' ? scope : `${scope}/${own.id}`;
        for (const action of ACTIONS) {
          await expectMatrix(api, tokens, MATRIX_CALLERS, {
            method: 'POST',
            path: () => `/api/${path}/action`,
            json: () => ({ action, object_id: own.id, arguments: ARGS[action] }),
            expected: ownerRow(action),
          });
        }
      }
    }, 120_000);

    it('received messages: only their addressee, read actions only', async () => {
      const bob = await t.database.db
        .selectFrom('users')
        .select('id')
        .where('afm', '=', MATRIX_AFM.citizenB)
        .executeTakeFirstOrThrow();
      const message = await t.database.db
        .selectFrom('citizen_messages')
        .select('id')
        .where('owner_id', '=', bob.id)
        .where('document_id', '=', doc.id)
        .executeTakeFirstOrThrow();
      for (const action of ACTIONS) {
        await expectMatrix(api, tokens, MATRIX_CALLERS, {
          method: 'POST',
          path: () => '/api/gates/USER/gate/inbox-entries/action',
          json: () => ({ action, object_id: message.id, arguments: ARGS[action] }),
          expected: [401, 404, reading(action), 404, 404, 404, 404],
        });
      }
    });

    it("an entity's documents and cases: only that entity's clerks and heads", async () => {
      for (const action of ACTIONS) {
        await expectMatrix(api, tokens, MATRIX_CALLERS, {
          method: 'POST',
          path: () => '/api/gates/DIMOS_ATHINAION/gate/documents/action',
          json: () => ({ action, object_id: reply.id, arguments: ARGS[action] }),
          expected: staffRow(reading(action)),
        });
      }
      const other = await issueToAthens(t, api, tokens.citizenA, 'Δηλώνω για τον πίνακα.');
      await attach(other.id);
      const inbox = await caseOf(other.caseNumber);
      // The case is open: dismiss waits for it to close (409); share is the case's own.
      const CASE: Record<Action, Outcome> = {
        ...Object.fromEntries(ACTIONS.map((action) => [action, reading(action)])),
        share: 'ok',
        dismiss: 409,
      } as Record<Action, Outcome>;
      for (const action of ACTIONS) {
        await expectMatrix(api, tokens, MATRIX_CALLERS, {
          method: 'POST',
          path: () => `/api/entity/${athens}/inbox/${inbox}/action`,
          json: () => ({ action, arguments: ARGS[action] }),
          expected: staffRow(CASE[action]),
        });
      }
    }, 60_000);

    it('validation: anyone, retrieve and pdf only', async () => {
      for (const action of ACTIONS) {
        const outcome: Outcome = action === 'retrieve' || action === 'pdf' ? 'ok' : 400;
        await expectMatrix(api, tokens, MATRIX_CALLERS, {
          method: 'POST',
          path: () => '/api/validation/document/action',
          json: () => ({ action, object_id: doc.referenceCode, arguments: ARGS[action] }),
          expected: MATRIX_CALLERS.map(() => outcome),
        });
      }
    });
  });
});
