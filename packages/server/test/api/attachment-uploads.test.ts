import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiDocument } from '@dilosi/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { jobContext, jobRegistry } from '../../src/job-registry';
import { purgePendingUploads } from '../../src/modules/attachments';
import { loginAnonymously, loginAs } from '../fixtures/citizens';
import { client, multipart, type ErrorBody } from '../fixtures/http';
import { MATRIX_AFM, MATRIX_CALLERS, startMatrixApp, type Caller } from '../fixtures/matrix';
import { FIXTURE_TEMPLATES_DIR } from '../fixtures/test-rules';
import { createTestApp, type TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
type UploadAnswer = {
  data: {
    file_id: string;
    filename: string;
    size: number;
    'content-type': string;
    expires_at: string;
  };
};
type FilePart = { name: string; filename: string; contentType: string; bytes: Buffer };

const filesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/files');
const TTL_MINUTES = 10;
const MINUTE_MS = 60_000;
const statements = { purpose: 'Αίτηση με δικαιολογητικό ανεβασμένο χωριστά' };

describe('POST /api/attachments and the attachment values of a write', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let tokens: Record<Caller, string | undefined>;
  let validPdf: Buffer;
  let encryptedPdf: Buffer;

  beforeAll(async () => {
    ({ t, api, tokens } = await startMatrixApp({
      TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR,
      FILE_MAX_SIZE: '1048576',
      UPLOAD_PENDING_TTL_MINUTES: String(TTL_MINUTES),
      UPLOADS_PER_HOUR: '1000',
    }));
    validPdf = await fs.readFile(path.join(filesDir, 'valid.pdf'));
    encryptedPdf = await fs.readFile(path.join(filesDir, 'encrypted.pdf'));
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    clock.reset();
  });

  const pdf = (bytes = validPdf, contentType = 'application/pdf', name = 'file'): FilePart => ({
    name,
    filename: 'βεβαίωση.pdf',
    contentType,
    bytes,
  });
  /** POST /api/attachments with the given parts; `json` undefined sends no json part. */
  const upload = (token: string | undefined, files: FilePart[], json?: unknown) => {
    const body = multipart(json, files, { omitJson: json === undefined });
    return api<UploadAnswer & ErrorBody>('POST', '/api/attachments', { token, ...body });
  };
  const uploaded = async (token: string | undefined, json?: unknown) => {
    const response = await upload(token, [pdf()], json);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const create = (token: string | undefined, document: Record<string, unknown>) =>
    api<DocumentAnswer & ErrorBody>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'test-attachments', ...document } },
    });
  const update = (token: string | undefined, id: string, document: Record<string, unknown>) =>
    api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
      token,
      json: { document },
    });
  const storedBytes = async (fileId: string) => {
    const row = await t.database.db
      .selectFrom('document_files')
      .select(['bytes', 'sha256', 'document_id'])
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    return { ...row, bytes: Buffer.from(row.bytes) };
  };
  const pendingCount = async (fileId: string) =>
    (
      await t.database.db
        .selectFrom('pending_uploads')
        .select('id')
        .where('id', '=', fileId)
        .execute()
    ).length;

  it('answers a pending upload that a create then takes as the attachment, bytes unchanged', async () => {
    const citizenA = tokens.citizenA;
    const response = await upload(citizenA, [pdf()], {
      template: 'test-attachments',
      field: 'proof',
    });
    expect(response.status).toBe(201);
    const file = response.body.data;
    expect(file).toEqual({
      file_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      filename: 'βεβαίωση.pdf',
      size: validPdf.length,
      'content-type': 'application/pdf',
      expires_at: expect.any(String),
    });
    const ttl = Date.parse(file.expires_at) - Date.now();
    expect(ttl).toBeGreaterThan((TTL_MINUTES - 1) * MINUTE_MS);
    expect(ttl).toBeLessThanOrEqual(TTL_MINUTES * MINUTE_MS);

    const created = await create(citizenA, {
      statements,
      attachments: { proof: [{ file_id: file.file_id }] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const document = created.body.data.document;
    expect(document.attachments.proof).toEqual([
      {
        file_id: file.file_id,
        filename: 'βεβαίωση.pdf',
        size: validPdf.length,
        'content-type': 'application/pdf',
        'attachment-index': 0,
        'content-uri': expect.stringMatching(/^\/api\/case-files\//),
      },
    ]);
    const stored = await storedBytes(file.file_id);
    expect(stored.document_id).toBe(document.id);
    expect(stored.bytes.equals(validPdf)).toBe(true);
    expect(stored.sha256).toBe(crypto.createHash('sha256').update(validPdf).digest('hex'));
    // Moved, not copied: the pending upload is gone, and a second write cannot take it again.
    expect(await pendingCount(file.file_id)).toBe(0);
    const again = await create(citizenA, { attachments: { proof: [{ file_id: file.file_id }] } });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_fields');
  });

  it('lets an update add an uploaded file after the stored ones, and keep it by the same file_id', async () => {
    const citizenA = tokens.citizenA;
    const draft = (await create(citizenA, {})).body.data.document;
    const proof = await uploaded(citizenA);
    const extra0 = await uploaded(citizenA);
    const saved = await update(citizenA, draft.id, {
      statements,
      attachments: { proof: [{ file_id: proof.file_id }], extras: [{ file_id: extra0.file_id }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.document.step_name).toBe('preview');
    expect(saved.body.data.document.attachments.extras?.map((f) => f.file_id)).toEqual([
      extra0.file_id,
    ]);
    await api('POST', `/api/my-declarations/${draft.id}/backstep`, { token: citizenA });

    // The stored file is named by the id it had as an upload; a new upload comes next.
    const extra1 = await uploaded(citizenA);
    const next = await update(citizenA, draft.id, {
      statements,
      attachments: { extras: [{ file_id: extra0.file_id }, { file_id: extra1.file_id }] },
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(
      next.body.data.document.attachments.extras?.map((f) => [f.file_id, f['attachment-index']]),
    ).toEqual([
      [extra0.file_id, 0],
      [extra1.file_id, 1],
    ]);
    expect(next.body.data.document.attachments.proof?.[0]?.file_id).toBe(proof.file_id);
    expect((await storedBytes(extra1.file_id)).bytes.equals(validPdf)).toBe(true);
  });

  it("refuses another person's upload and an unknown file_id (400 attachment_not_found), taking nothing", async () => {
    const mine = await uploaded(tokens.citizenA);
    for (const fileId of [mine.file_id, crypto.randomUUID(), 'not-a-uuid']) {
      const response = await create(tokens.citizenB, {
        statements,
        attachments: { proof: [{ file_id: fileId }] },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_fields');
      expect(response.body.error.data?.invalid_fields).toEqual([
        {
          invalid_field: 'proof',
          error_info: {
            code: 'attachment_not_found',
            message: 'Το συνημμένο δεν βρέθηκε ή έχει λήξει. Επισυνάψτε το ξανά',
          },
        },
      ]);
    }
    expect(await pendingCount(mine.file_id)).toBe(1);
    // In English when asked.
    const english = await api<ErrorBody>('POST', '/api/my-declarations/', {
      token: tokens.citizenB,
      json: {
        document: {
          template: 'test-attachments',
          attachments: { proof: [{ file_id: mine.file_id }] },
        },
      },
      headers: { 'accept-language': 'en' },
    });
    expect(english.body.error.data?.invalid_fields).toEqual([
      {
        invalid_field: 'proof',
        error_info: {
          code: 'attachment_not_found',
          message: 'The attachment was not found or has expired. Attach it again',
        },
      },
    ]);
  });

  it('refuses an expired upload, and the purge removes expired uploads only', async () => {
    const expired = await uploaded(tokens.citizenA);
    clock.advance((TTL_MINUTES + 1) * MINUTE_MS);
    const fresh = await uploaded(tokens.citizenA);
    const response = await create(tokens.citizenA, {
      statements,
      attachments: { proof: [{ file_id: expired.file_id }] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.data?.invalid_fields).toMatchObject([
      { invalid_field: 'proof', error_info: { code: 'attachment_not_found' } },
    ]);
    expect(await pendingCount(expired.file_id)).toBe(1);

    // The scheduled job runs the purge.
    const job = jobRegistry.find((definition) => definition.name === 'pending-uploads-expiry');
    expect(job?.cron).toBe('*/10 * * * *');
    await job?.handle({}, jobContext(t.app));
    expect(await pendingCount(expired.file_id)).toBe(0);
    expect(await pendingCount(fresh.file_id)).toBe(1);
    clock.advance(TTL_MINUTES * MINUTE_MS);
    expect((await purgePendingUploads(t.database)).uploads).toBeGreaterThanOrEqual(1);
    expect(await pendingCount(fresh.file_id)).toBe(0);
  });

  it.each([
    [
      'larger than FILE_MAX_SIZE',
      () => pdf(Buffer.concat([validPdf, Buffer.alloc(1_100_000, 32)])),
      undefined,
      'file_too_large',
      { max_mb: 1 },
    ],
    [
      'larger than the named field allows',
      () => pdf(Buffer.concat([validPdf, Buffer.alloc(110_000, 32)])),
      { template: 'test-attachments', field: 'proof' },
      'file_too_large',
      { max_mb: 0.1 },
    ],
    [
      'not a PDF',
      () => pdf(Buffer.from('just some text'), 'text/plain'),
      undefined,
      'file_type_invalid',
      undefined,
    ],
    [
      'a PDF sent as another type',
      () => pdf(validPdf, 'image/png'),
      undefined,
      'file_type_invalid',
      undefined,
    ],
    ['password-protected', () => pdf(encryptedPdf), undefined, 'pdf_encrypted', undefined],
  ])(
    'refuses a file %s as every upload is refused (400), storing nothing',
    async (_name, file, json, code, params) => {
      const before = await t.database.db.selectFrom('pending_uploads').select('id').execute();
      const response = await upload(tokens.citizenA, [file()], json);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe(code);
      expect(response.body.error.data?.invalid_fields).toEqual([
        {
          invalid_field: json?.field ?? 'file',
          error_info: params
            ? { code, message: expect.any(String), params }
            : { code, message: expect.any(String) },
        },
      ]);
      const after = await t.database.db.selectFrom('pending_uploads').select('id').execute();
      expect(after).toHaveLength(before.length);
    },
  );

  it('checks an upload again against the field a write puts it in', async () => {
    // Within FILE_MAX_SIZE, past the 0.1 MB of test-attachments' proof.
    const padded = Buffer.concat([validPdf, Buffer.alloc(150_000, 32)]);
    const response = await upload(tokens.citizenA, [pdf(padded)]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const refused = await create(tokens.citizenA, {
      attachments: { proof: [{ file_id: response.body.data.file_id }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'file_too_large', data: { max_mb: 0.1 } });
    expect(await pendingCount(response.body.data.file_id)).toBe(1);
    // The extras field has no limit of its own: FILE_MAX_SIZE applies, and it is taken.
    const taken = await create(tokens.citizenA, {
      attachments: { extras: [{ file_id: response.body.data.file_id }] },
    });
    expect(taken.status).toBe(201);
    expect(taken.body.data.document.attachments.extras?.[0]?.size).toBe(padded.length);
  });

  it('takes exactly one file part named file (400 for none, two or another name)', async () => {
    const none = await upload(tokens.citizenA, [], { template: 'test-attachments' });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('invalid_request');
    const two = await upload(tokens.citizenA, [pdf(), pdf()]);
    expect(two.status).toBe(400);
    expect(two.body.error).toMatchObject({
      code: 'invalid_request',
      data: {
        invalid_fields: [
          { invalid_field: 'file', error_info: { code: 'files_too_many', params: { max: 1 } } },
        ],
      },
    });
    const otherName = await upload(tokens.citizenA, [
      pdf(validPdf, 'application/pdf', 'file__proof'),
    ]);
    expect(otherName.status).toBe(400);
    const json = await api<ErrorBody>('POST', '/api/attachments', {
      token: tokens.citizenA,
      json: { template: 'test-attachments' },
    });
    expect(json.status).toBe(400);
    const badJson = await api<ErrorBody>('POST', '/api/attachments', {
      token: tokens.citizenA,
      ...multipart(null, [pdf()], { rawJson: '{ not json' }),
    });
    expect(badJson.status).toBe(400);
  });

  it('takes a file inline in base64 (size of the decoded bytes) and refuses bad base64', async () => {
    const inline = (content: string, filename = 'inline.pdf') => ({
      filename,
      content,
      'content-encoding': 'base64',
    });
    const created = await create(tokens.citizenA, {
      statements,
      attachments: { proof: [inline(validPdf.toString('base64'))] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const proof = created.body.data.document.attachments.proof ?? [];
    expect(proof).toEqual([
      {
        file_id: expect.any(String),
        filename: 'inline.pdf',
        size: validPdf.length,
        'content-type': 'application/pdf',
        'attachment-index': 0,
        'content-uri': expect.stringMatching(/^\/api\/case-files\//),
      },
    ]);
    expect((await storedBytes(proof[0]?.file_id ?? '')).bytes.equals(validPdf)).toBe(true);

    // MIME line breaks are allowed; the stored file is kept by its id next to a new inline one.
    const wrapped = validPdf.toString('base64').replace(/.{76}/g, '$&\r\n');
    const saved = await update(tokens.citizenA, created.body.data.document.id, {
      statements,
      attachments: { proof: [{ file_id: proof[0]?.file_id }], extras: [inline(wrapped, 'b.pdf')] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.document.attachments.extras?.[0]).toMatchObject({
      filename: 'b.pdf',
      size: validPdf.length,
    });

    for (const content of ['not base64!', 'QUJD=', `${validPdf.toString('base64')}@`]) {
      const bad = await create(tokens.citizenA, { attachments: { proof: [inline(content)] } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.data?.invalid_fields).toEqual([
        {
          invalid_field: 'proof',
          error_info: {
            code: 'attachment_content_invalid',
            message: 'Το περιεχόμενο του συνημμένου δεν είναι έγκυρο base64',
          },
        },
      ]);
    }
    const text = await create(tokens.citizenA, {
      attachments: { proof: [inline(Buffer.from('just some text').toString('base64'))] },
    });
    expect(text.status).toBe(400);
    expect(text.body.error.code).toBe('file_type_invalid');
    const large = await create(tokens.citizenA, {
      attachments: {
        proof: [inline(Buffer.concat([validPdf, Buffer.alloc(110_000, 32)]).toString('base64'))],
      },
    });
    expect(large.status).toBe(400);
    expect(large.body.error).toMatchObject({ code: 'file_too_large', data: { max_mb: 0.1 } });
    const encoding = await create(tokens.citizenA, {
      attachments: {
        proof: [{ ...inline(validPdf.toString('base64')), 'content-encoding': 'hex' }],
      },
    });
    expect(encoding.status).toBe(400);
  });

  it('keeps the multipart file parts of a write working beside file_id values', async () => {
    const citizenA = tokens.citizenA;
    const extra = await uploaded(citizenA);
    const { payload, headers } = multipart(
      {
        document: {
          template: 'test-attachments',
          statements,
          attachments: { extras: [{ file_id: extra.file_id }] },
        },
      },
      [
        pdf(validPdf, 'application/pdf', 'file__extras#0'),
        pdf(validPdf, 'application/pdf', 'file__proof'),
      ],
    );
    const response = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token: citizenA,
      payload,
      headers,
    });
    expect(response.status).toBe(201);
    const { attachments } = response.body.data.document;
    expect(attachments.proof).toHaveLength(1);
    expect(
      attachments.extras?.map((f) => [f.file_id === extra.file_id, f['attachment-index']]),
    ).toEqual([
      [false, 0],
      [true, 1],
    ]);
  });

  it('lets an anonymous session upload only for an anonymous template it names', async () => {
    const anonymous = await loginAnonymously(t, 'anon-uploader');
    const without = await upload(anonymous, [pdf()]);
    expect(without.status).toBe(400);
    const notAnonymous = await upload(anonymous, [pdf()], { template: 'test-attachments' });
    expect(notAnonymous.status).toBe(403);
    expect(notAnonymous.body.error.code).toBe('template_not_accessible');
    const unknown = await upload(anonymous, [pdf()], { template: 'no-such-template' });
    expect(unknown.status).toBe(404);
    const allowed = await upload(anonymous, [pdf()], { template: 'test-anonymous' });
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    const owner = await t.database.db
      .selectFrom('pending_uploads')
      .innerJoin('users', 'users.id', 'pending_uploads.owner_id')
      .select('users.anonymous_subject')
      .where('pending_uploads.id', '=', allowed.body.data.file_id)
      .executeTakeFirstOrThrow();
    expect(owner.anonymous_subject).toBe('anon-uploader');
  });

  it('authorization matrix: POST /api/attachments, every logged-in caller (uploads serve documents)', async () => {
    const expected: Record<Caller, number> = {
      anonymous: 401,
      citizenA: 201,
      citizenB: 201,
      clerkA: 201,
      headA: 201,
      clerkB: 201,
      adminWithoutRole: 201,
    };
    const got: Partial<Record<Caller, number>> = {};
    for (const who of MATRIX_CALLERS) {
      got[who] = (await upload(tokens[who], [pdf()])).status;
    }
    expect(got).toEqual(expected);
    // Each caller's upload is their own.
    const owners = await t.database.db
      .selectFrom('pending_uploads')
      .innerJoin('users', 'users.id', 'pending_uploads.owner_id')
      .select('users.afm')
      .distinct()
      .execute();
    for (const who of ['clerkB', 'adminWithoutRole'] as const) {
      expect(owners.map((row) => row.afm)).toContain(MATRIX_AFM[who]);
    }
  });
});

describe('uploads per person per hour', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let validPdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp({
      env: {
        TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR,
        RATE_LIMIT_MAX: '100000',
        UPLOADS_PER_HOUR: '2',
      },
    });
    api = client(t.app);
    validPdf = await fs.readFile(path.join(filesDir, 'valid.pdf'));
  });
  afterAll(async () => {
    clock.reset();
    await t.close();
  });

  it('refuses the upload past UPLOADS_PER_HOUR with 429 event_limit_reached and Retry-After', async () => {
    const token = await loginAs(t, '100000015');
    const other = await loginAs(t, '100000027');
    const body = () =>
      multipart(
        undefined,
        [{ name: 'file', filename: 'a.pdf', contentType: 'application/pdf', bytes: validPdf }],
        { omitJson: true },
      );
    const sendOnce = async (who: string) => {
      const { payload, headers } = body();
      return t.app.inject({
        method: 'POST',
        url: '/api/attachments',
        headers: { authorization: `Bearer ${who}`, ...headers },
        payload,
      });
    };
    expect((await sendOnce(token)).statusCode).toBe(201);
    clock.advance(10 * MINUTE_MS);
    expect((await sendOnce(token)).statusCode).toBe(201);
    const limited = await sendOnce(token);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({
      code: 'event_limit_reached',
      data: { retry_after_seconds: 50 * 60 },
    });
    expect(limited.headers['retry-after']).toBe(String(50 * 60));
    // Another person's uploads are counted apart; a refused one leaves nothing behind.
    expect((await sendOnce(other)).statusCode).toBe(201);
    const events = await t.database.db.selectFrom('upload_events').select('id').execute();
    expect(events).toHaveLength(3);
    // Once the first leaves the hour, one more may come.
    clock.advance(50 * MINUTE_MS + 1000);
    const again = await api<UploadAnswer>('POST', '/api/attachments', {
      token,
      ...body(),
    });
    expect(again.status).toBe(201);
  });
});
