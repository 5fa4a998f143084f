import type { CitizenMessage, InboxEntriesResponse, MessageDocument } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { client, type ErrorBody } from '../fixtures/http';
import { issueDocument } from '../fixtures/issue-document';
import { expectMatrix, type MatrixRoute } from '../fixtures/matrix';
import { loginStaff } from '../fixtures/staff';
import { createTestApp, type TestApp } from '../helpers';

const ENV = {
  RATE_LIMIT_MAX: '100000',
  OTP_SENDS_PER_HOUR: '1000',
  OTP_SENDS_PER_DAY: '1000',
  OTP_FAILURES_PER_HOUR: '1000',
  // The same two people receive every alert of this file; the caps have tests of their own.
  ALERT_SMS_PER_HOUR: '1000',
  ALERT_SMS_PER_DAY: '1000',
  ALERT_EMAIL_PER_HOUR: '1000',
  ALERT_EMAIL_PER_DAY: '1000',
};
const AFM = {
  author: '100000015',
  addressee: '100000027',
  other: '100000039',
  clerk: '100000052',
  head: '100000040',
  clerkB: '100000119',
  adminWithoutRole: '100000064',
};

/**
 * The recipient's answer (issue #13) and documents shared by their owner (issue #15): a
 * document that names a person reaches that person's mailbox, and only theirs.
 */
describe('documents addressed to or shared with a person', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  const tokens: Record<keyof typeof AFM | 'anonymous', string | undefined> = {
    anonymous: undefined,
  } as Record<keyof typeof AFM | 'anonymous', string | undefined>;
  const year = new Date().getUTCFullYear();

  const issueAuthorisation = (afm = AFM.addressee) =>
    issueDocument(t, api, tokens.author, {
      template: 'authorisation',
      recipient: null,
      steps: [
        {
          authorized_surname: 'Παπαδόπουλος',
          authorized_firstname: 'Γιώργος',
          authorized_father_name: 'Ιωάννης',
          authorized_afm: afm,
          authorized_id_number: 'ΑΒ654321',
          authorized_birth_date: `15/02/${year - 40}`,
        },
        {
          purpose: 'να παραλάβει για λογαριασμό μου το πιστοποιητικό οικογενειακής κατάστασης',
          recipient: { type: 'entity', codename: 'AADE', name: { el: 'x', en: 'x', fr: 'x' } },
        },
      ],
    });
  const messagesOf = async (who: keyof typeof tokens, type: string) => {
    const list = await api<InboxEntriesResponse>('POST', '/api/gates/USER/gate/inbox-entries', {
      token: tokens[who],
      json: { types: [type], status: ['incoming', 'retrieved', 'resolved'] },
    });
    expect(list.status).toBe(200);
    return list.body.data;
  };
  const act = (who: keyof typeof tokens, body: unknown) =>
    api<{ data: CitizenMessage } & ErrorBody>('POST', '/api/gates/USER/gate/inbox-entries/action', {
      token: tokens[who],
      json: body,
    });
  const messageFor = async (documentId: string) => {
    const found = (await messagesOf('addressee', 'user-document')).find(
      (m) => m.document?.id === documentId,
    );
    expect(found).toBeDefined();
    return found as CitizenMessage;
  };

  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    api = client(t.app);
    tokens.author = await loginAs(t, AFM.author, { certifiedMobile: '6912345678' });
    tokens.addressee = await loginAs(t, AFM.addressee);
    tokens.other = await loginAs(t, AFM.other);
    for (const staff of ['clerk', 'head', 'clerkB', 'adminWithoutRole'] as const) {
      tokens[staff] = await loginStaff(t, AFM[staff]);
    }
  }, 60_000);
  afterAll(async () => t?.close());

  it('delivers an issued authorisation to the authorised person as a pending user-document', async () => {
    const { id } = await issueAuthorisation();
    const message = await messageFor(id);
    expect(message).toMatchObject({
      type: 'user-document',
      status: 'incoming',
      state_data: expect.objectContaining({ sender_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ' }),
      document: expect.objectContaining({ state: 'issued', answer_state: 'pending' }),
    });
    // The author has no such message; the addressee reads the document, read-only.
    expect((await messagesOf('author', 'user-document')).map((m) => m.document?.id)).not.toContain(
      id,
    );
    const document = await api<{ data: MessageDocument }>(
      'GET',
      `/api/gates/USER/gate/inbox-entries/${message.id}/document`,
      { token: tokens.addressee },
    );
    expect(document.status).toBe(200);
    expect(document.body.data).toMatchObject({ id, answer_state: 'pending', state: 'issued' });
    expect(JSON.stringify(document.body.data.preview)).toContain('ΓΙΩΡΓΟΣ');
  });

  it('accepts, irreversibly: history, the message resolved, the author told; twice is 409', async () => {
    const { id } = await issueAuthorisation();
    const message = await messageFor(id);
    const accepted = await act('addressee', { action: 'accept', object_id: message.id });
    expect(accepted.status).toBe(200);
    expect(accepted.body.data).toMatchObject({
      status: 'resolved',
      state_data: expect.objectContaining({ resolution: 'accepted' }),
      document: expect.objectContaining({ answer_state: 'accepted' }),
    });
    const again = await act('addressee', { action: 'accept', object_id: message.id });
    expect([again.status, again.body.error.code]).toEqual([409, 'action_not_allowed_on_state']);
    const reject = await act('addressee', {
      action: 'reject',
      object_id: message.id,
      arguments: { reason: 'Άλλαξα γνώμη' },
    });
    expect([reject.status, reject.body.error.code]).toEqual([409, 'action_not_allowed_on_state']);
    const events = await t.database.db
      .selectFrom('document_events')
      .select('action')
      .where('document_id', '=', id)
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.action)).toContain('accepted');
    const row = await t.database.db
      .selectFrom('documents')
      .select(['state', 'answer_state'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    // The document itself still stands.
    expect(row).toEqual({ state: 'issued', answer_state: 'accepted' });
    const told = (await messagesOf('author', 'message')).find((m) => m.document?.id === id);
    expect(told?.state_data).toMatchObject({
      resolution: 'accepted',
      title: expect.objectContaining({ en: 'Your document was accepted' }),
    });
  });

  it('rejects with a reason, required and at most 1000 characters', async () => {
    const { id } = await issueAuthorisation();
    const message = await messageFor(id);
    const noReason = await act('addressee', { action: 'reject', object_id: message.id });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.data?.invalid_fields).toEqual([
      { invalid_field: 'reason', error_info: { code: 'reason_required' } },
    ]);
    const blank = await act('addressee', {
      action: 'reject',
      object_id: message.id,
      arguments: { reason: '   ' },
    });
    expect(blank.status).toBe(400);
    const tooLong = await act('addressee', {
      action: 'reject',
      object_id: message.id,
      arguments: { reason: 'α'.repeat(1001) },
    });
    expect(tooLong.status).toBe(400);
    const rejected = await act('addressee', {
      action: 'reject',
      object_id: message.id,
      arguments: { reason: 'Δεν γνωρίζω τον εξουσιοδοτούντα.' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data.document).toMatchObject({
      answer_state: 'rejected',
      answer_reason: 'Δεν γνωρίζω τον εξουσιοδοτούντα.',
    });
    const told = (await messagesOf('author', 'message')).find((m) => m.document?.id === id);
    expect(told?.state_data).toMatchObject({
      resolution: 'rejected',
      summary: 'Δεν γνωρίζω τον εξουσιοδοτούντα.',
    });
    const events = await t.database.db
      .selectFrom('document_events')
      .select('action')
      .where('document_id', '=', id)
      .execute();
    expect(events.map((e) => e.action)).toContain('rejected');
  });

  it('lets nobody else answer or read it', async () => {
    const { id } = await issueAuthorisation();
    const message = await messageFor(id);
    for (const who of ['author', 'other'] as const) {
      const answer = await act(who, { action: 'accept', object_id: message.id });
      expect([answer.status, answer.body.error.code]).toEqual([404, 'citizen_message_not_found']);
    }
    const anonymous = await act('anonymous', { action: 'accept', object_id: message.id });
    expect(anonymous.status).toBe(401);
    // A plain message is not a document to answer.
    const plain = (await messagesOf('author', 'message'))[0];
    expect(plain).toBeDefined();
    const refused = await act('author', { action: 'accept', object_id: plain?.id });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'action_not_allowed_on_state']);
    const matrix: [keyof typeof tokens, number][] = [
      ['anonymous', 401],
      ['author', 404],
      ['other', 404],
      ['addressee', 200],
    ];
    for (const [who, status] of matrix) {
      const read = await api('GET', `/api/gates/USER/gate/inbox-entries/${message.id}/document`, {
        token: tokens[who],
      });
      expect([who, read.status]).toEqual([who, status]);
      const pdf = await api('POST', `/api/gates/USER/gate/inbox-entries/${message.id}/pdf/token`, {
        token: tokens[who],
      });
      expect([who, pdf.status]).toEqual([who, status]);
    }
    // Nothing addressed to someone without an account: the document still waits for them.
    const { id: unknownAddressee } = await issueAuthorisation('100000040');
    const waiting = await t.database.db
      .selectFrom('documents')
      .select(['addressee_afm', 'answer_state'])
      .where('id', '=', unknownAddressee)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ addressee_afm: '100000040', answer_state: 'pending' });
  });

  it('delivers a document its owner shares to the person, who alone can open it and its PDF', async () => {
    const { id } = await issueDocument(t, api, tokens.author, {
      template: 'solemn-declaration',
      steps: [{ statement: 'Δηλώνω ότι μένω στην Αθήνα.' }],
    });
    const share = (afm: string) =>
      api<ErrorBody>('POST', `/api/my-declarations/${id}/action`, {
        token: tokens.author,
        json: {
          action: 'share',
          arguments: {
            targets: [{ type: 'person', firstname: 'Γιώργος', surname: 'Παπαδόπουλος', afm }],
          },
        },
      });
    expect((await share(AFM.addressee)).status).toBe(200);
    const shared = (await messagesOf('addressee', 'shared-document')).find(
      (m) => m.document?.id === id,
    );
    expect(shared).toMatchObject({
      status: 'incoming',
      state_data: expect.objectContaining({ sender_display_name: 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ' }),
    });
    const token = await api<{ data: { download_url: string } }>(
      'POST',
      `/api/gates/USER/gate/inbox-entries/${shared?.id}/pdf/token`,
      { token: tokens.addressee },
    );
    expect(token.status).toBe(200);
    const pdf = await t.app.inject({ method: 'GET', url: token.body.data.download_url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    for (const who of ['author', 'other', 'clerk'] as const) {
      const read = await api('GET', `/api/gates/USER/gate/inbox-entries/${shared?.id}/document`, {
        token: tokens[who],
      });
      expect([who, read.status]).toEqual([who, 404]);
    }
    // Shared with oneself: no message.
    const before = (await messagesOf('author', 'shared-document')).length;
    expect((await share(AFM.author)).status).toBe(200);
    expect(await messagesOf('author', 'shared-document')).toHaveLength(before);
    // Revoked: the PDF is no longer handed out.
    const revoke = await api('POST', `/api/my-declarations/${id}/action`, {
      token: tokens.author,
      json: { action: 'revoke' },
    });
    expect(revoke.status).toBe(200);
    const afterRevoke = await api<ErrorBody>(
      'POST',
      `/api/gates/USER/gate/inbox-entries/${shared?.id}/pdf/token`,
      { token: tokens.addressee },
    );
    expect(afterRevoke.status).toBe(409);
  });

  describe('alerts (SMS to a certified mobile, e-mail) through the outbox', () => {
    const KEYS = [
      'user_document_sms',
      'user_document_email',
      'citizen_shared_document_sms',
      'citizen_shared_document_email',
      'document_accepted_sms',
      'document_accepted_email',
      'document_rejected_sms',
      'document_rejected_email',
    ];
    const outbox = () =>
      t.database.db
        .selectFrom('outbox')
        .select(['id', 'channel', 'recipient', 'message_key', 'body'])
        .where('message_key', 'in', KEYS)
        // One alert writes its SMS and its e-mail in the same transaction (same created_at):
        // the channel breaks the tie so the order does not depend on the engine's scan.
        .orderBy('created_at')
        .orderBy('channel', 'desc')
        .execute();
    const newSince = async (before: { id: string }[]) => {
      const seen = new Set(before.map((row) => row.id));
      return (await outbox()).filter((row) => !seen.has(row.id));
    };
    const setContact = (afm: string, mobile: string | null, email: string | null) =>
      t.database.db
        .updateTable('users')
        .set({ mobile, mobile_certified: mobile !== null, email })
        .where('afm', '=', afm)
        .execute();
    const shareWith = (id: string, afm: string) =>
      api<ErrorBody>('POST', `/api/my-declarations/${id}/action`, {
        token: tokens.author,
        json: {
          action: 'share',
          arguments: {
            targets: [{ type: 'person', firstname: 'Γιώργος', surname: 'Παπαδόπουλος', afm }],
          },
        },
      });

    it('alerts the addressee of an authorisation, then its author of the answer', async () => {
      await setContact(AFM.addressee, '6911111111', 'addressee@example.gr');
      await setContact(AFM.author, '6912345678', 'author@example.gr');
      let before = await outbox();
      const { id } = await issueAuthorisation();
      const addressed = await newSince(before);
      expect(addressed.map((row) => [row.channel, row.message_key])).toEqual([
        ['sms', 'user_document_sms'],
        ['email', 'user_document_email'],
      ]);
      expect(addressed[0]?.recipient).toContain('6911111111');
      expect(addressed[1]?.recipient).toBe('addressee@example.gr');
      expect(addressed[0]?.body).toContain('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
      expect(addressed[0]?.body).toContain('/my/messages');

      before = await outbox();
      const message = await messageFor(id);
      expect((await act('addressee', { action: 'accept', object_id: message.id })).status).toBe(
        200,
      );
      const accepted = await newSince(before);
      expect(accepted.map((row) => [row.message_key, row.recipient])).toEqual([
        ['document_accepted_sms', expect.stringContaining('6912345678')],
        ['document_accepted_email', 'author@example.gr'],
      ]);
      expect(accepted[0]?.body).toContain('ΓΙΩΡΓΟΣ ΠΑΠΑΔΟΠΟΥΛΟΣ');

      const second = await issueAuthorisation();
      const secondMessage = await messageFor(second.id);
      before = await outbox();
      const rejected = await act('addressee', {
        action: 'reject',
        object_id: secondMessage.id,
        arguments: { reason: 'Όχι' },
      });
      expect(rejected.status).toBe(200);
      expect((await newSince(before)).map((row) => row.message_key)).toEqual([
        'document_rejected_sms',
        'document_rejected_email',
      ]);
    });

    it('alerts the person a citizen shares a document with', async () => {
      await setContact(AFM.addressee, null, 'addressee@example.gr');
      const { id } = await issueDocument(t, api, tokens.author, {
        template: 'solemn-declaration',
        steps: [{ statement: 'Δηλώνω ότι μένω στην Αθήνα.' }],
      });
      const before = await outbox();
      expect((await shareWith(id, AFM.addressee)).status).toBe(200);
      // No mobile: the e-mail alone.
      const sent = await newSince(before);
      expect(sent.map((row) => [row.channel, row.message_key, row.recipient])).toEqual([
        ['email', 'citizen_shared_document_email', 'addressee@example.gr'],
      ]);
      expect(sent[0]?.body).toContain('ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ');
    });

    it('sends nothing to a person without contact details, who still gets the messages', async () => {
      await setContact(AFM.other, null, null);
      // A mobile that is not certified gets no SMS either.
      await t.database.db
        .updateTable('users')
        .set({ mobile: '6933333333', mobile_certified: false })
        .where('afm', '=', AFM.other)
        .execute();
      const before = await outbox();
      const authorisation = await issueAuthorisation(AFM.other);
      const declaration = await issueDocument(t, api, tokens.author, {
        template: 'solemn-declaration',
        steps: [{ statement: 'Δηλώνω ότι μένω στην Αθήνα.' }],
      });
      expect((await shareWith(declaration.id, AFM.other)).status).toBe(200);
      const ids = async (type: string) =>
        (await messagesOf('other', type)).map((m) => m.document?.id);
      expect(await ids('user-document')).toContain(authorisation.id);
      expect(await ids('shared-document')).toContain(declaration.id);
      expect(await newSince(before)).toEqual([]);
    });
  });

  describe('authorization matrix', () => {
    // The seven callers: anonymous, the addressee (citizen A), another citizen (B), the clerk and
    // the head of Athens, the clerk of AADE, an admin without a role. Only the addressee.
    const WHO = [
      'anonymous',
      'addressee',
      'other',
      'clerk',
      'head',
      'clerkB',
      'adminWithoutRole',
    ] as const;
    let messageId = '';
    beforeAll(async () => {
      const { id } = await issueAuthorisation();
      messageId = (await messageFor(id)).id;
    });
    const routes: (MatrixRoute<(typeof WHO)[number]> & { name: string })[] = [
      {
        name: 'GET the document of the message',
        method: 'GET',
        path: () => `/api/gates/USER/gate/inbox-entries/${messageId}/document`,
        expected: [401, 'ok', 404, 404, 404, 404, 404],
      },
      {
        name: 'POST the PDF token of the message',
        method: 'POST',
        path: () => `/api/gates/USER/gate/inbox-entries/${messageId}/pdf/token`,
        expected: [401, 'ok', 404, 404, 404, 404, 404],
      },
      {
        // Last: the addressee's rejection is final, so it runs once, after the others fail.
        name: 'POST reject (the answer)',
        method: 'POST',
        path: () => '/api/gates/USER/gate/inbox-entries/action',
        json: () => ({ action: 'reject', object_id: messageId, arguments: { reason: 'Όχι' } }),
        expected: [401, 'ok', 404, 404, 404, 404, 404],
      },
    ];
    it.each(routes.map((r) => [r.name, r] as const))('%s', async (_name, route) =>
      // The addressee last, so a refused caller never meets an already answered document.
      expectMatrix(api, tokens, WHO, route, { last: 'addressee' }),
    );
  });
});
