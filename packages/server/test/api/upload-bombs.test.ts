import type { ApiDocument } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../fixtures/citizens';
import { client, multipart, type ErrorBody } from '../fixtures/http';
import { findLastSignature } from '../../src/modules/validation/verify-seal';
import { GIB, pdfBombs } from '../fixtures/pdf-bombs';
import { FIXTURE_TEMPLATES_DIR } from '../fixtures/test-rules';
import { createTestApp, type TestApp } from '../helpers';

type DocumentAnswer = { data: { document: ApiDocument } };

describe('hostile PDF attachments', () => {
  let t: TestApp;
  let api: ReturnType<typeof client>;
  let token: string;
  const plain = pdfBombs.valid();

  beforeAll(async () => {
    t = await createTestApp({
      env: { TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR, RATE_LIMIT_MAX: '100000' },
    });
    api = client(t.app);
    token = await loginAs(t, '100000015');
  });
  afterAll(async () => {
    await t.close();
  });

  const create = async () => {
    const response = await api<DocumentAnswer>('POST', '/api/my-declarations/', {
      token,
      json: { document: { template: 'test-attachments' } },
    });
    expect(response.status).toBe(201);
    return response.body.data.document;
  };
  // The file goes in `extras` (up to FILE_MAX_SIZE); `proof` (0.1 MB) gets a plain PDF.
  const upload = async (bytes: Buffer, documentId?: string) => {
    const id = documentId ?? (await create()).id;
    const { payload, headers } = multipart(
      { document: { statements: { purpose: 'Αίτηση με δικαιολογητικά' } } },
      [
        { name: 'file__proof', filename: 'p.pdf', contentType: 'application/pdf', bytes: plain },
        { name: 'file__extras#0', filename: 'x.pdf', contentType: 'application/pdf', bytes },
      ],
    );
    return api<DocumentAnswer & ErrorBody>('POST', `/api/my-declarations/${id}`, {
      token,
      payload,
      headers,
    });
  };

  it('accepts a plain one-page PDF written the same way', async () => {
    const response = await upload(pdfBombs.valid());
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.data.document.attachments.extras).toHaveLength(1);
  });

  it.each([
    ['a content stream inflating to 1 GiB', () => pdfBombs.contentStreamBomb(GIB)],
    ['an object stream inflating to 1 GiB', () => pdfBombs.objectStreamBomb(GIB)],
    ['1 GiB behind two Flate filters', () => pdfBombs.doubleFlateBomb(GIB)],
    ['100,000 objects', async () => pdfBombs.manyObjects(100_000)],
    ['100,000 objects in an object stream', async () => pdfBombs.manyObjectsInObjectStream()],
  ])('refuses %s with pdf_too_complex', async (_, make) => {
    const response = await upload(await make());
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('pdf_too_complex');
    expect((response.body.error.data?.invalid_fields as unknown[])[0]).toMatchObject({
      invalid_field: 'extras',
      error_info: { code: 'pdf_too_complex' },
    });
  });

  it.each([
    ['a JavaScript open action', pdfBombs.javaScriptOpenAction],
    ['JavaScript named with #XX escapes', pdfBombs.obfuscatedJavaScript],
    ['a launch action', pdfBombs.launchAction],
    ['an embedded file', pdfBombs.embeddedFile],
    ['a file attachment annotation', pdfBombs.fileAttachmentAnnotation],
    ['JavaScript hidden in a compressed object stream', pdfBombs.javaScriptInObjectStream],
    ['escaped JavaScript in an LZW object stream', pdfBombs.javaScriptInLzwObjectStream],
    ['JavaScript in a PNG-predicted object stream', pdfBombs.javaScriptInPredictedObjectStream],
  ])('refuses %s with pdf_active_content', async (_, make) => {
    const response = await upload(make());
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('pdf_active_content');
    expect((response.body.error.data?.invalid_fields as unknown[])[0]).toMatchObject({
      invalid_field: 'extras',
      error_info: { code: 'pdf_active_content' },
    });
    expect(response.body.error.message).toBe(
      'Το αρχείο PDF περιέχει ενεργό περιεχόμενο (σενάρια, ενέργειες εκκίνησης ή ενσωματωμένα αρχεία) και δεν γίνεται δεκτό.',
    );
  });

  it('answers other requests while four bombs are being checked', async () => {
    const bomb = await pdfBombs.contentStreamBomb(GIB);
    const finished: string[] = [];
    const bombs = Array.from({ length: 4 }, (_, i) =>
      upload(bomb).then((response) => {
        finished.push(`bomb ${i}`);
        return response;
      }),
    );
    // Let the uploads reach the checker before asking for the health of the service.
    await new Promise((resolve) => setImmediate(resolve));
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    finished.push('healthz');
    expect(health.statusCode).toBe(200);
    const answers = await Promise.all(bombs);
    expect(answers.map((answer) => answer.body.error.code)).toEqual(
      Array(4).fill('pdf_too_complex'),
    );
    expect(finished[0]).toBe('healthz');
  });

  it('refuses the bombs in a draft without losing what it held', async () => {
    const document = await create();
    const first = await upload(pdfBombs.valid(), document.id);
    expect(first.status).toBe(200);
    await api('POST', `/api/my-declarations/${document.id}/backstep`, { token });
    const refused = await upload(await pdfBombs.objectStreamBomb(GIB), document.id);
    expect(refused.body.error.code).toBe('pdf_too_complex');
    const kept = await api<DocumentAnswer>('GET', `/api/my-declarations/${document.id}`, { token });
    expect(kept.body.data.document.attachments.extras).toHaveLength(1);
  });

  it('answers a public file check of a bomb without reading it', async () => {
    // The check compares bytes with issued PDFs and reads only the last signature: a bomb is
    // simply not a document of the service.
    for (const bytes of [await pdfBombs.objectStreamBomb(GIB), pdfBombs.javaScriptOpenAction()]) {
      const response = await checkFile(bytes);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ data: { result: 'unknown' } });
    }
  });

  it('reads no signature larger than a seal of the service', async () => {
    // 2 MB of DER in /Contents would hold the thread in ASN.1 parsing: it is not a seal of ours.
    const bytes = withSignature(pdfBombs.valid(), Buffer.alloc(1_000_000, 0x30));
    expect(findLastSignature(bytes)).toBeNull();
    expect(
      findLastSignature(withSignature(pdfBombs.valid(), Buffer.alloc(8192, 0x30))),
    ).not.toBeNull();
    const response = await checkFile(bytes);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { result: 'unknown' } });
  });

  const checkFile = (bytes: Buffer) => {
    const { payload, headers } = multipart(
      {},
      [{ name: 'file', filename: 'd.pdf', contentType: 'application/pdf', bytes }],
      { omitJson: true },
    );
    return t.app.inject({ method: 'POST', url: '/api/validation/file', payload, headers });
  };
});

/** `pdf` with a signature dictionary at its end whose /Contents is `cms`, as a sealed PDF has. */
function withSignature(pdf: Buffer, cms: Buffer): Buffer {
  const prefix = `\n9 0 obj\n<< /Type /Sig /ByteRange `;
  const contents = ` /Contents <${cms.toString('hex')}>`;
  const suffix = ' >>\nendobj\n%%EOF\n';
  const rangeLength = '[0 0000000000 0000000000 0000000000]'.length;
  const gapStart = pdf.length + prefix.length + rangeLength + ' /Contents '.length;
  const secondStart = pdf.length + prefix.length + rangeLength + contents.length;
  const total = secondStart + suffix.length;
  const pad = (n: number) => String(n).padStart(10, '0');
  const range = `[0 ${pad(gapStart)} ${pad(secondStart)} ${pad(total - secondStart)}]`;
  return Buffer.concat([pdf, Buffer.from(prefix + range + contents + suffix, 'latin1')]);
}

describe('the PDF-checking threads', () => {
  it('end when the app closes', async () => {
    const t = await createTestApp({ env: { TEMPLATES_DIR: FIXTURE_TEMPLATES_DIR } });
    try {
      expect(t.app.pdfInspector.threadCount()).toBe(0);
      expect(await t.app.pdfInspector.inspect(pdfBombs.valid(), 'application/pdf')).toBeNull();
      expect(t.app.pdfInspector.threadCount()).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
    expect(t.app.pdfInspector.threadCount()).toBe(0);
  });
});
