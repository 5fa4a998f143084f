import type {
  CaseMessage,
  HistoryItem,
  InboxEntriesResponse,
  VaultCaseThread,
} from '@dilosi/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { entityId } from '../fixtures/entities';
import { client, multipart, type ErrorBody } from '../fixtures/http';
import { openCaseAtAthens } from '../fixtures/issued-documents';
import {
  expectMatrix,
  MATRIX_CALLERS,
  type Caller,
  startMatrixApp,
  type MatrixRoute,
} from '../fixtures/matrix';
import { pdfBombs } from '../fixtures/pdf-bombs';
import type { TestApp } from '../helpers';

type MessageAnswer = { data: CaseMessage } & ErrorBody;
type ThreadAnswer = { data: VaultCaseThread } & ErrorBody;
type FilePart = { name: string; filename: string; contentType: string; bytes: Buffer };

/** Issue #33: a case's messages are one thread, both ways, with one PDF from the citizen. */
describe('the two-way thread of a case', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let athens: string;
  let caseId: string;
  const pdf = pdfBombs.valid();
  const pdfPart = (bytes = pdf, name = 'file__attachment'): FilePart => ({
    name,
    filename: 'βεβαίωση.pdf',
    contentType: 'application/pdf',
    bytes,
  });

  /** The clerk messages the citizen; answers the id of the `message` that reached her. */
  const clerkMessages = async (text: string) => {
    const sent = await api<MessageAnswer>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/communications`,
      { token: tokens.clerkA, json: { message: text } },
    );
    expect(sent.status).toBe(201);
    const inbox = await api<InboxEntriesResponse>('POST', '/api/gates/USER/gate/inbox-entries', {
      token: tokens.citizenA,
      json: { types: ['message'] },
    });
    const received = inbox.body.data.find((m) => m.state_data.summary === text);
    expect(received?.case_entry_id).toBe(caseId);
    return received?.id ?? '';
  };
  const send = (
    path: string,
    message: string,
    files: FilePart[] = [],
    token = tokens.citizenA,
    options: { rawJson?: string; omitJson?: boolean } = {},
  ) => {
    if (files.length === 0 && !options.rawJson && !options.omitJson) {
      return api<MessageAnswer>('POST', path, { token, json: { message } });
    }
    const { payload, headers } = multipart({ message }, files, options);
    return api<MessageAnswer>('POST', path, { token, payload, headers });
  };
  const answer = (messageId: string, message: string, files: FilePart[] = []) =>
    send(`/api/gates/USER/gate/inbox-entries/${messageId}/reply`, message, files);
  const write = (message: string, files: FilePart[] = [], entry = caseId) =>
    send(`/api/vault/cases/${entry}/messages`, message, files);
  const thread = (token = tokens.citizenA, entry = caseId) =>
    api<ThreadAnswer>('GET', `/api/vault/cases/${entry}/messages`, { token });
  const countMessages = async () =>
    Number(
      (
        await t.database.db
          .selectFrom('case_messages')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp({
      CITIZEN_MESSAGES_PER_MINUTE: '3',
      CITIZEN_MESSAGES_PER_HOUR: '1000',
    }));
    athens = await entityId(t, 'DIMOS_ATHINAION');
    ({ caseId } = await openCaseAtAthens(t, api, tokens.citizenA, 'Ζητώ βεβαίωση.'));
  }, 60_000);
  // Each test starts with the citizen's minute window empty: her messages so far are moved back.
  beforeEach(async () => {
    await sql`update case_messages set created_at = created_at - interval '2 minutes'
      where direction = 'citizen'`.execute(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('she answers a plain message with a PDF; each side sees who wrote what, and the file', async () => {
    const messageId = await clerkMessages('Στείλτε μας το πιστοποιητικό.');
    const sent = await answer(messageId, '  Το επισυνάπτω.  ', [pdfPart()]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data).toMatchObject({
      message: 'Το επισυνάπτω.',
      direction: 'citizen',
      attachment: { filename: 'βεβαίωση.pdf', size: pdf.length },
    });

    // Her side: the case and the thread, oldest first.
    const mine = await thread();
    expect(mine.status).toBe(200);
    expect(mine.body.data.case.id).toBe(caseId);
    expect(mine.body.data.refusal).toBeNull();
    const last = mine.body.data.messages.slice(-2);
    expect(last.map((m) => [m.direction, m.message])).toEqual([
      ['staff', 'Στείλτε μας το πιστοποιητικό.'],
      ['citizen', 'Το επισυνάπτω.'],
    ]);
    expect(last[1]?.attachment?.filename).toBe('βεβαίωση.pdf');

    // The clerk's side: who wrote it and the file.
    const staff = await api<{ data: CaseMessage[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/communications`,
      { token: tokens.clerkA },
    );
    const hers = staff.body.data.find((m) => m.id === sent.body.data.id);
    expect(hers?.direction).toBe('citizen');
    expect(hers?.user_display_name).not.toBe('');
    expect(hers?.attachment).toEqual({ filename: 'βεβαίωση.pdf', size: pdf.length });

    // A history row through recordCaseEvent, for the activity marks.
    const history = await api<{ data: HistoryItem[] }>(
      'GET',
      `/api/entity/${athens}/inbox/${caseId}/history`,
      { token: tokens.clerkA },
    );
    const row = history.body.data.at(-1);
    expect(row?.action).toBe('send_message');
    expect(row?.details).toMatchObject({ direction: 'citizen', citizen_message_id: messageId });

    // Both download the file byte for byte through a short-lived token.
    for (const [path, token] of [
      [
        `/api/entity/${athens}/inbox/${caseId}/communications/${sent.body.data.id}/attachment/token`,
        tokens.clerkA,
      ],
      [
        `/api/vault/cases/${caseId}/messages/${sent.body.data.id}/attachment/token`,
        tokens.citizenA,
      ],
    ] as const) {
      const link = await api<{ download_url: string }>('POST', path, { token });
      expect(link.status).toBe(200);
      const file = await t.app.inject({ method: 'GET', url: link.body.download_url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      expect(file.headers['content-disposition']).toContain('attachment;');
      expect(file.rawPayload.equals(pdf)).toBe(true);
    }
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/case-message-files/${'a'.repeat(48)}`,
    });
    expect(forged.statusCode).toBe(404);
    // A message without a file has nothing to download.
    const plain = staff.body.data.find((m) => m.direction === 'staff');
    const none = await api<ErrorBody>(
      'POST',
      `/api/entity/${athens}/inbox/${caseId}/communications/${plain?.id}/attachment/token`,
      { token: tokens.clerkA },
    );
    expect(none.status).toBe(404);
  });

  it('she writes into the thread of her case from her vault, with or without a file', async () => {
    const json = await write('Πότε θα είναι έτοιμο;');
    expect(json.status).toBe(201);
    expect(json.body.data.attachment).toBeNull();
    const withFile = await write('Και ένα ακόμη έγγραφο.', [pdfPart()]);
    expect(withFile.status, JSON.stringify(withFile.body)).toBe(201);
    const messages = (await thread()).body.data.messages;
    expect(messages.slice(-2).map((m) => m.message)).toEqual([
      'Πότε θα είναι έτοιμο;',
      'Και ένα ακόμη έγγραφο.',
    ]);
  });

  it('answers the old reply route for a document as before, and refuses a message about no case', async () => {
    const plain = await t.database.db
      .insertInto('citizen_messages')
      .values({
        owner_id: (
          await t.database.db
            .selectFrom('case_messages')
            .select('user_id')
            .where('direction', '=', 'citizen')
            .executeTakeFirstOrThrow()
        ).user_id as string,
        type: 'message',
        status: 'incoming',
        tsid: '1',
        state_data: '{}',
        created_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await answer(plain.id, 'Ευχαριστώ.');
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('message_not_repliable');
  });

  it('gives bad input a clear 4xx and keeps nothing of it', async () => {
    const before = await countMessages();
    const expectRefusal = async (
      response: Promise<{ status: number; body: ErrorBody }>,
      status: number,
      code: string,
      detail?: string,
    ) => {
      const { status: got, body } = await response;
      expect(got, JSON.stringify(body)).toBe(status);
      expect(body.error.code).toBe(code);
      if (detail) expect(JSON.stringify(body.error.data)).toContain(detail);
    };
    await expectRefusal(write('   '), 400, 'invalid_request', 'message_required');
    await expectRefusal(write('α'.repeat(321)), 400, 'invalid_request', 'message_too_long');
    await expectRefusal(
      write('α'.repeat(321), [pdfPart()]),
      400,
      'invalid_request',
      'message_too_long',
    );
    await expectRefusal(
      write('Ορίστε.', [{ ...pdfPart(Buffer.from('hello')), contentType: 'text/plain' }]),
      400,
      'file_type_invalid',
    );
    await expectRefusal(
      write('Ορίστε.', [pdfPart(Buffer.from('not a pdf at all'))]),
      400,
      'file_type_invalid',
    );
    const huge = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5_300_000, 32)]);
    await expectRefusal(write('Ορίστε.', [pdfPart(huge)]), 400, 'file_too_large');
    await expectRefusal(
      write('Ορίστε.', [pdfPart(), pdfPart()]),
      400,
      'invalid_request',
      'one_attachment_only',
    );
    await expectRefusal(
      write('Ορίστε.', [pdfPart(pdf, 'file__other')]),
      400,
      'invalid_request',
      'one_attachment_only',
    );
    await expectRefusal(
      send(`/api/vault/cases/${caseId}/messages`, '', [pdfPart()], tokens.citizenA, {
        rawJson: '{"message": ',
      }),
      400,
      'invalid_request',
    );
    await expectRefusal(
      send(`/api/vault/cases/${caseId}/messages`, '', [pdfPart()], tokens.citizenA, {
        omitJson: true,
      }),
      400,
      'invalid_request',
    );
    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/vault/cases/${caseId}/messages`,
      headers: { authorization: `Bearer ${tokens.citizenA}`, 'content-type': 'application/json' },
      payload: '{"message":',
    });
    expect(malformed.statusCode).toBeGreaterThanOrEqual(400);
    expect(malformed.statusCode).toBeLessThan(500);
    await expectRefusal(write('Ορίστε.', [], 'not-a-uuid'), 404, 'case_not_found');
    await expectRefusal(
      write('Ορίστε.', [], '00000000-0000-4000-8000-000000000000'),
      404,
      'case_not_found',
    );
    await expectRefusal(answer('not-a-uuid', 'Ορίστε.'), 404, 'citizen_message_not_found');
    await expectRefusal(
      api('GET', `/api/vault/cases/${caseId}/messages/nope/attachment/token`, {
        token: tokens.citizenA,
      }),
      404,
      'route_not_found',
    );
    await expectRefusal(
      api('POST', `/api/vault/cases/${caseId}/messages/nope/attachment/token`, {
        token: tokens.citizenA,
      }),
      404,
      'not_found',
    );
    expect(await countMessages()).toBe(before);
  });

  it('refuses the thread of a disabled entity or a dismissed case with 409, and says why', async () => {
    const messageId = await clerkMessages('Ενημέρωση για την υπόθεσή σας.');
    await t.database.db
      .updateTable('entities')
      .set({ enabled: false })
      .where('id', '=', athens)
      .execute();
    try {
      const refused = await write('Γεια σας.');
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('entity_disabled');
      expect((await answer(messageId, 'Γεια σας.')).body.error.code).toBe('entity_disabled');
      expect((await thread()).body.data.refusal).toBe('entity_disabled');
    } finally {
      await t.database.db
        .updateTable('entities')
        .set({ enabled: true })
        .where('id', '=', athens)
        .execute();
    }
    const dismissed = await api('POST', `/api/entity/${athens}/inbox/${caseId}/change_state`, {
      token: tokens.clerkA,
      json: { state: 'finished' },
    });
    expect(dismissed.status).toBe(200);
    await t.database.db
      .updateTable('inbox_entries')
      .set({ dismissed_at: new Date() })
      .where('id', '=', caseId)
      .execute();
    try {
      const refused = await write('Γεια σας.');
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('case_dismissed');
      expect((await answer(messageId, 'Γεια σας.')).body.error.code).toBe('case_dismissed');
      expect((await thread()).body.data.refusal).toBe('case_dismissed');
    } finally {
      await t.database.db
        .updateTable('inbox_entries')
        .set({ dismissed_at: null, status: 'pending' })
        .where('id', '=', caseId)
        .execute();
    }
    // A finished case that is still listed takes her messages.
    expect((await write('Ευχαριστώ.')).status).toBe(201);
  });

  it('limits her messages per minute over all her cases (429 event_limit_reached, Retry-After)', async () => {
    for (let i = 0; i < 3; i += 1) expect((await write(`Μήνυμα ${i}`)).status).toBe(201);
    const before = await countMessages();
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/vault/cases/${caseId}/messages`,
      headers: { authorization: `Bearer ${tokens.citizenA}` },
      payload: { message: 'Ένα ακόμη.' },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('event_limit_reached');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await countMessages()).toBe(before);
  });

  describe('authorization matrix', () => {
    const ATHENS = [401, 403, 403, 'ok', 'ok', 404, 403] as const;
    /** Only citizen A holds the case; everyone else, staff too, does not find it. */
    const HERS = [401, 'ok', 404, 404, 404, 404, 404] as const;
    let fileMessageId = '';
    let plainMessageId = '';
    beforeAll(async () => {
      plainMessageId = await clerkMessages('Για τον πίνακα.');
      const row = await t.database.db
        .selectFrom('case_message_files')
        .select('case_message_id')
        .executeTakeFirstOrThrow();
      fileMessageId = row.case_message_id;
    });
    const routes: MatrixRoute[] = [
      { method: 'GET', path: () => `/api/vault/cases/${caseId}/messages`, expected: HERS },
      {
        method: 'POST',
        path: () => `/api/vault/cases/${caseId}/messages`,
        json: () => ({ message: 'Από τον πίνακα.' }),
        expected: HERS,
      },
      {
        method: 'POST',
        path: () => `/api/vault/cases/${caseId}/messages/${fileMessageId}/attachment/token`,
        expected: HERS,
      },
      {
        method: 'POST',
        path: () => `/api/gates/USER/gate/inbox-entries/${plainMessageId}/reply`,
        json: () => ({ message: 'Από τον πίνακα.' }),
        expected: HERS,
      },
      {
        method: 'POST',
        path: () =>
          `/api/entity/${athens}/inbox/${caseId}/communications/${fileMessageId}/attachment/token`,
        expected: ATHENS,
      },
      {
        method: 'GET',
        path: () => `/api/entity/${athens}/inbox/${caseId}/communications`,
        expected: ATHENS,
      },
    ];
    it.each(routes.map((r) => [`${r.method} ${r.path.toString().slice(6, 80)}`, r] as const))(
      '%s',
      async (_name, route) => expectMatrix(api, tokens, MATRIX_CALLERS, route),
    );
  });
});
