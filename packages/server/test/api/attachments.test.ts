import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ApiDocument } from '@dilosi/domain';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { client, multipart, type ErrorBody } from '../fixtures/http';
import { FIXTURE_TEMPLATES_DIR } from '../fixtures/test-rules';
import { createTestApp, type TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };
const filesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/files');

describe('attachments', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let token: string;
  let validPdf: Buffer;
  let encryptedPdf: Buffer;
  let largePdf: Buffer;

  beforeAll(async () => {
    t = await createTestApp({
      env: { TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR, RATE_LIMIT_MAX: '100000' },
    });
    api = client(t.app);
    token = await loginAs(t, '100000015');
    validPdf = await fs.readFile(path.join(filesDir, 'valid.pdf'));
    // Made with `qpdf --encrypt user owner 256 -- valid.pdf encrypted.pdf`.
    encryptedPdf = await fs.readFile(path.join(filesDir, 'encrypted.pdf'));
    // Larger than the app's 1 MB JSON body limit, well under FILE_MAX_SIZE.
    // (A large stream of its own, not an embedded file: those are refused as active content.)
    const large = await PDFDocument.create();
    large.addPage([200, 200]);
    large.context.register(large.context.stream(crypto.randomBytes(1_500_000)));
    largePdf = Buffer.from(await large.save());
  });
  afterAll(async () => {
    await t.close();
  });

  const pdf = (name: string, bytes = validPdf, contentType = 'application/pdf') => ({
    name,
    filename: `${name.replace(/\W/g, '_')}.pdf`,
    contentType,
    bytes,
  });
  const create = async () => {
    const response = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'test-attachments' } },
    });
    expect(response.status).toBe(201);
    return response.body.data.document;
  };
  const send = (id: string, body: unknown, files: ReturnType<typeof pdf>[] = []) => {
    const { payload, headers } = multipart(body, files);
    return api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
      token,
      payload,
      headers,
    });
  };
  const statements = { purpose: 'Αίτηση με δικαιολογητικά' };
  const backstep = (id: string) =>
    api<DocumentAnswer>('POST', `/api/my-declarations/${id}/backstep`, { token });

  it('stores a valid PDF with its digest and lists it on the document', async () => {
    const document = await create();
    const response = await send(document.id, { document: { statements } }, [pdf('file__proof')]);
    expect(response.status).toBe(200);
    const saved = response.body.data.document;
    expect(saved.step_name).toBe('preview');
    expect(saved.attachments).toEqual({
      proof: [
        {
          file_id: expect.any(String),
          filename: 'file__proof.pdf',
          size: validPdf.length,
          'content-type': 'application/pdf',
          'attachment-index': 0,
          'content-uri': expect.stringMatching(/^\/api\/case-files\//),
        },
      ],
    });
    const row = await t.database.db
      .selectFrom('document_files')
      .select(['sha256', 'size', 'field_key'])
      .where('document_id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      sha256: crypto.createHash('sha256').update(validPdf).digest('hex'),
      size: validPdf.length,
      field_key: 'proof',
    });
    // The preview shows the attachment field with its files. Each read mints its own address
    // (its token carries the expiry second), so the addresses are compared by shape only.
    const back = (await backstep(document.id)).body.data.document;
    const withoutAddress = (value: unknown) =>
      (value as Record<string, unknown>[]).map(({ 'content-uri': uri, ...rest }) => {
        expect(uri).toMatch(/^\/api\/case-files\//);
        return rest;
      });
    expect(withoutAddress(back.step_info.fields.proof?.value)).toEqual(
      withoutAddress(saved.attachments.proof),
    );
  });

  it('refuses a file name with U+0000 or another control character (400), nothing stored', async () => {
    for (const filename of ['proof\u0000.pdf', 'proof\u0008.pdf', 'pro\u009bof.pdf']) {
      const document = await create();
      const response = await send(document.id, { document: { statements } }, [
        { ...pdf('file__proof'), filename },
      ]);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(response.body.error.code).toBe('text_invalid_characters');
      expect(response.body.error.data?.invalid_fields).toEqual([
        {
          invalid_field: 'proof',
          error_info: { code: 'text_invalid_characters', message: expect.any(String) },
        },
      ]);
      const stored = await t.database.db
        .selectFrom('document_files')
        .select('id')
        .where('document_id', '=', document.id)
        .execute();
      expect(stored).toEqual([]);
    }
    // Other characters, Greek and emoji included, are a file name like any other.
    const document = await create();
    const named = await send(document.id, { document: { statements } }, [
      { ...pdf('file__proof'), filename: 'Βεβαίωση «2026» 😀.pdf' },
    ]);
    expect(named.status).toBe(200);
    expect(named.body.data.document.attachments.proof?.[0]?.filename).toBe(
      'Βεβαίωση «2026» 😀.pdf',
    );
  });

  it('accepts files larger than the JSON body limit up to FILE_MAX_SIZE', async () => {
    const document = await create();
    const response = await send(document.id, { document: { statements } }, [
      pdf('file__proof'),
      pdf('file__extras#0', largePdf),
    ]);
    expect(response.status).toBe(200);
    expect(response.body.data.document.attachments.extras?.[0]?.size).toBe(largePdf.length);
  });

  it('creates a draft from multipart too', async () => {
    const { payload, headers } = multipart({ document: { template: 'test-attachments' } }, [
      pdf('file__extras#1'),
    ]);
    const response = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      payload,
      headers,
    });
    expect(response.status).toBe(201);
    expect(response.body.data.document.attachments.extras?.[0]?.['attachment-index']).toBe(1);
  });

  it.each([
    [
      'larger than the field allows',
      () => pdf('file__proof', Buffer.concat([validPdf, Buffer.alloc(110_000, 32)])),
      'file_too_large',
      { max_mb: 0.1 },
      'Το αρχείο υπερβαίνει το μέγιστο επιτρεπτό μέγεθος των 0.1 MB',
    ],
    [
      'password-protected',
      () => pdf('file__proof', encryptedPdf),
      'pdf_encrypted',
      undefined,
      'Το αρχείο PDF προστατεύεται με κωδικό. Επισυνάψτε αρχείο χωρίς κωδικό',
    ],
    [
      'not a PDF',
      () => pdf('file__proof', Buffer.from('just some text'), 'text/plain'),
      'file_type_invalid',
      undefined,
      'Επιτρέπονται μόνο αρχεία PDF',
    ],
    [
      'a PDF sent as another type',
      () => pdf('file__proof', validPdf, 'image/png'),
      'file_type_invalid',
      undefined,
      'Επιτρέπονται μόνο αρχεία PDF',
    ],
    [
      'garbage after a PDF header',
      () => pdf('file__proof', Buffer.from(`%PDF-1.7\n${'garbage '.repeat(100)}`)),
      'pdf_invalid',
      undefined,
      'Το αρχείο δεν είναι έγκυρο PDF',
    ],
  ])('refuses a file %s, saving nothing', async (_name, file, code, params, message) => {
    const document = await create();
    const response = await send(document.id, { document: { statements } }, [file()]);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe(code);
    expect(response.body.error.data?.invalid_fields).toEqual([
      {
        invalid_field: 'proof',
        error_info: params ? { code, message, params } : { code, message },
      },
    ]);
    const stored = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, {
      token,
    });
    expect(stored.body.data.document).toMatchObject({ step_name: 'form', attachments: {} });
    expect(stored.body.data.document.statements).not.toHaveProperty('purpose');
  });

  it('says the limit in the top-level message of file_too_large', async () => {
    const document = await create();
    const response = await send(document.id, { document: { statements } }, [
      pdf('file__proof', Buffer.alloc(200_000, 32)),
    ]);
    expect(response.body.error).toMatchObject({
      code: 'file_too_large',
      message: 'Το αρχείο υπερβαίνει το μέγιστο επιτρεπτό μέγεθος των 0.1 MB.',
      data: { max_mb: 0.1 },
    });
  });

  it('checks required attachments and the number of files', async () => {
    const document = await create();
    const missing = await send(document.id, { document: { statements } });
    expect(missing.status).toBe(400);
    expect(missing.body.error.data?.invalid_fields).toEqual([
      {
        invalid_field: 'proof',
        error_info: { code: 'required', message: 'Το πεδίο είναι υποχρεωτικό' },
      },
    ]);
    const tooMany = await send(document.id, { document: { statements } }, [
      pdf('file__proof'),
      pdf('file__extras#0'),
      pdf('file__extras#1'),
      pdf('file__extras#2'),
      pdf('file__extras#3'),
    ]);
    expect(tooMany.body.error.data?.invalid_fields).toEqual([
      {
        invalid_field: 'extras',
        error_info: {
          code: 'files_too_many',
          message: 'Μπορείτε να επισυνάψετε έως 3 αρχεία',
          params: { max: 3 },
        },
      },
    ]);
  });

  it('keeps, drops and replaces stored files', async () => {
    const document = await create();
    const first = await send(document.id, { document: { statements } }, [
      pdf('file__proof'),
      pdf('file__extras#0'),
      pdf('file__extras#1'),
    ]);
    const stored = first.body.data.document.attachments;
    const proofId = stored.proof?.[0]?.file_id;
    const [extra0, extra1] = stored.extras ?? [];
    await backstep(document.id);

    // A field not mentioned keeps its files; a list names the ones kept.
    const kept = await send(document.id, {
      document: { statements, attachments: { extras: [{ file_id: extra1?.file_id }] } },
    });
    expect(kept.status).toBe(200);
    expect(kept.body.data.document.attachments.proof?.[0]?.file_id).toBe(proofId);
    expect(kept.body.data.document.attachments.extras?.map((file) => file.file_id)).toEqual([
      extra1?.file_id,
    ]);
    expect(extra0).toBeDefined();
    await backstep(document.id);

    // Dropping a required file is refused; replacing it gives a new file id.
    const dropped = await send(document.id, {
      document: { statements, attachments: { proof: [] } },
    });
    expect(dropped.status).toBe(400);
    const replaced = await send(document.id, { document: { statements } }, [pdf('file__proof')]);
    expect(replaced.status).toBe(200);
    const proof = replaced.body.data.document.attachments.proof ?? [];
    expect(proof).toHaveLength(1);
    expect(proof[0]?.file_id).not.toBe(proofId);
    const count = await t.database.db
      .selectFrom('document_files')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('document_id', '=', document.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(2);
  });

  it('refuses a multipart body without a json part, with bad JSON or unknown parts', async () => {
    const document = await create();
    for (const body of [
      multipart(null, [pdf('file__proof')], { omitJson: true }),
      multipart(null, [], { rawJson: '{ not json' }),
      multipart({ document: { statements } }, [pdf('upload')]),
    ]) {
      const response = await api<ErrorBody>('POST', `/api/my-declarations/${document.id}`, {
        token,
        ...body,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
    }
  });
});
