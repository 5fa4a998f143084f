import crypto from 'node:crypto';
import { referenceCodeFromRandomBytes, formatReferenceCode } from '@dilosi/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../../src/clock';
import { renderDocumentPdf } from '../../src/pdf/document-pdf';
import { createSealer, type Sealer } from '../../src/pdf/seal';
import {
  createDevelopmentSealCredentials,
  loadSealCredentials,
} from '../../src/pdf/seal-credentials';
import { createTestApp, testConfig, type TestApp } from '../helpers';
import { declarationPreview } from '../pdf/pdf-tools';

/**
 * Public validation (issue #6): by reference code, by context, by PDF file. Documents are made
 * by a small factory: a user, a documents row in state issued or revoked and, for issued ones,
 * a PDF rendered and sealed with the service's own seal (src/pdf), as issuance stores it.
 */

type IssuedFixture = { id: string; code: string; pdf: Buffer | null };

async function makeUser(t: TestApp): Promise<string> {
  const at = new Date();
  const row = await t.database.db
    .insertInto('users')
    .values({
      anonymous_subject: `validation-${crypto.randomUUID()}`,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function newCode(): string {
  return referenceCodeFromRandomBytes(crypto.randomBytes(10));
}

async function sealedPdf(sealer: Sealer, code: string, issuedAt: Date): Promise<Buffer> {
  const unsealed = await renderDocumentPdf({
    preview: declarationPreview(),
    referenceCode: formatReferenceCode(code),
    issuedAt,
    validationUrl: `http://localhost:8080/show/${code}`,
    title: 'Υπεύθυνη Δήλωση',
    sealPlaceholder: true,
    sealContentsBytes: sealer.contentsBytes,
  });
  return sealer.seal(unsealed);
}

async function issueDocument(
  t: TestApp,
  sealer: Sealer,
  overrides: { state?: 'issued' | 'revoked'; isOfficial?: boolean; withPdf?: boolean } = {},
): Promise<IssuedFixture> {
  const template = t.app.templates.find('solemn-declaration');
  if (!template) throw new Error('solemn-declaration is not in the catalogue');
  const ownerId = await makeUser(t);
  const code = newCode();
  const issuedAt = new Date('2025-07-01T10:11:12Z');
  const row = await t.database.db
    .insertInto('documents')
    .values({
      owner_id: ownerId,
      template_refname: template.refname,
      template_version: template.version,
      type: template.type,
      state: overrides.state ?? 'issued',
      step: 'issued',
      values: JSON.stringify({ firstname: 'ΓΕΩΡΓΙΟΣ', surname: 'ΠΑΠΑΔΟΠΟΥΛΟΣ', afm: '123456789' }),
      registry_fields: '[]',
      recipient: null,
      reference_code: code,
      is_official: overrides.isOfficial ?? true,
      digest: 'x',
      issued_at: issuedAt,
      created_at: issuedAt,
      updated_at: issuedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let pdf: Buffer | null = null;
  if (overrides.withPdf !== false) {
    pdf = await sealedPdf(sealer, code, issuedAt);
    await t.database.db
      .insertInto('document_pdfs')
      .values({
        document_id: row.id,
        bytes: pdf,
        sha256: crypto.createHash('sha256').update(pdf).digest('hex'),
        size: pdf.length,
        created_at: issuedAt,
      })
      .execute();
  }
  return { id: row.id, code, pdf };
}

function validate(t: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/validation/document',
    payload: body as object,
    headers,
  });
}

function multipart(file: Buffer, filename = 'document.pdf', type = 'application/pdf') {
  const boundary = `----dilosi${crypto.randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        `Content-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

function checkFile(t: TestApp, file: Buffer, filename?: string, type?: string) {
  const { payload, headers } = multipart(file, filename, type);
  return t.app.inject({ method: 'POST', url: '/api/validation/file', payload, headers });
}

describe('public validation', () => {
  let t: TestApp;
  let sealer: Sealer;
  let issued: IssuedFixture;

  beforeAll(async () => {
    t = await createTestApp();
    sealer = createSealer(await loadSealCredentials(t.database, testConfig()));
    issued = await issueDocument(t, sealer);
  });
  afterAll(async () => t?.close());

  describe('by reference code', () => {
    it('shows an issued document: status, issue date, template code, PDF and QR, no values', async () => {
      // Typed by a person: lower case, spaces, and O for 0 are all accepted.
      const typed = formatReferenceCode(issued.code).toLowerCase().replaceAll('-', ' ');
      const response = await validate(t, { 'document-id': typed, context: 'default' });
      expect(response.statusCode).toBe(200);
      const { document } = response.json().data;
      expect(document).toEqual({
        reference_code: formatReferenceCode(issued.code),
        state: 'issued',
        is_official: true,
        issued_at: '2025-07-01T10:11:12.000Z',
        // The fixture's owner is a bare user row, an anonymous subject (issue #37).
        issuer_identified: false,
        type: 'solemn_declaration',
        template: {
          refname: 'solemn-declaration',
          code: 'YD1',
          shortname: expect.objectContaining({ el: expect.any(String) }),
        },
        qrcode: `http://localhost:8080/show/${issued.code}`,
        validation_url: `http://localhost:8080/show/${issued.code}`,
        pdf: {
          download_url: expect.stringMatching(/^\/api\/validation\/pdf\/[\w-]{48}$/),
          expires_at: expect.any(String),
        },
      });
      // The document's values never leave the server.
      expect(response.body).not.toContain('ΓΕΩΡΓΙΟΣ');
      expect(response.body).not.toContain('123456789');
      expect(response.body).not.toContain(issued.id);
    });

    it('downloads the stored PDF byte for byte through the short-lived link', async () => {
      const response = await validate(t, {
        'document-id': issued.code,
        document_pdf_retrieval: {},
      });
      const { data } = response.json();
      expect(data['document-pdf']['content-uri']).toBe(data.document.pdf.download_url);
      const pdf = await t.app.inject({ method: 'GET', url: data.document.pdf.download_url });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.rawPayload.equals(issued.pdf ?? Buffer.alloc(0))).toBe(true);

      const token: string = data.document.pdf.download_url.split('/').at(-1);
      const forged = await t.app.inject({
        method: 'GET',
        url: `/api/validation/pdf/${token.slice(0, -2)}${token.endsWith('AA') ? 'BA' : 'AA'}`,
      });
      expect(forged.statusCode).toBe(404);

      clock.advance(3_600_000);
      try {
        const late = await t.app.inject({ method: 'GET', url: data.document.pdf.download_url });
        expect(late.statusCode).toBe(410);
        expect(late.json().error.code).toBe('pdf_token_expired');
      } finally {
        clock.reset();
      }
    });

    it('marks a document that is not official and gives it no QR code', async () => {
      const unofficial = await issueDocument(t, sealer, { isOfficial: false, withPdf: false });
      const response = await validate(t, { 'document-id': unofficial.code });
      const { document } = response.json().data;
      expect(document.is_official).toBe(false);
      expect(document.qrcode).toBeNull();
      expect(document.validation_url).toBeNull();
    });

    it('shows only the state of a revoked document', async () => {
      const revoked = await issueDocument(t, sealer, { state: 'revoked' });
      const response = await validate(t, { 'document-id': revoked.code });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        data: { document: { reference_code: formatReferenceCode(revoked.code), state: 'revoked' } },
      });
    });

    it('answers 410 document_deleted for a document deleted after its retention period', async () => {
      const code = newCode();
      await t.database.db
        .insertInto('document_tombstones')
        .values({ reference_code: code, issued_at: new Date(), deleted_at: new Date() })
        .execute();
      const response = await validate(t, { 'document-id': code });
      expect(response.statusCode).toBe(410);
      expect(response.json().error.code).toBe('document_deleted');
      expect(response.json().error.message).toContain('διαγράφηκε');
    });

    it('answers 404 document_not_found for an unknown code, in Greek or English', async () => {
      const response = await validate(t, { 'document-id': newCode() });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: {
          code: 'document_not_found',
          message: 'Δεν βρέθηκε έγγραφο για τον παρεχόμενο κωδικό επαλήθευσης',
        },
        errors: [
          {
            code: 'document_not_found',
            message: 'Δεν βρέθηκε έγγραφο για τον παρεχόμενο κωδικό επαλήθευσης',
            meta: {},
          },
        ],
        'user-message': {
          el: 'Δεν βρέθηκε έγγραφο για τον παρεχόμενο κωδικό επαλήθευσης',
          en: 'No document was found for the verification code provided.',
        },
      });
      const english = await validate(t, { 'document-id': newCode() }, { 'accept-language': 'en' });
      expect(english.json().error.message).toBe(
        'No document was found for the verification code provided.',
      );
    });

    it('answers a malformed code or a wrong check symbol exactly as an unknown code', async () => {
      const unknown = await validate(t, { 'document-id': newCode() });
      const wrongCheck = issued.code.slice(0, 15) + (issued.code.endsWith('Z') ? 'Y' : 'Z');
      for (const code of ['ABC', '%%%%-####', wrongCheck, `${issued.code}0`]) {
        const response = await validate(t, { 'document-id': code });
        expect(response.statusCode).toBe(unknown.statusCode);
        expect(response.body).toBe(unknown.body);
      }
    });

    it('answers 400 empty_value for an empty code', async () => {
      for (const body of [{ 'document-id': '' }, { 'document-id': ' - ' }, {}]) {
        const response = await validate(t, body, { 'accept-language': 'en' });
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toEqual({ code: 'empty_value', message: 'Empty Value' });
      }
    });

    it('needs no login', async () => {
      const response = await validate(t, { 'document-id': issued.code });
      expect(response.statusCode).toBe(200);
    });
  });

  describe('contexts', () => {
    it('has a Greek-only default context and an international one in el, en and fr', async () => {
      const fallback = await t.app.inject({ url: '/api/validation/contexts/default' });
      expect(fallback.statusCode).toBe(200);
      expect(fallback.json().data.info).toMatchObject({
        id: 'default',
        languages: ['el'],
        more_languages: 'international',
      });
      expect(fallback.json().data.info.title.el).toBe('Επαλήθευση εγγράφου');
      const international = await t.app.inject({ url: '/api/validation/contexts/international' });
      expect(international.json().data.info.languages).toEqual(['el', 'en', 'fr']);
    });

    it('answers 404 for an unknown context', async () => {
      const response = await t.app.inject({ url: '/api/validation/contexts/nowhere' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('validation_context_not_found');
    });
  });

  describe('by PDF file', () => {
    it('finds the genuine PDF authentic, with the document', async () => {
      const response = await checkFile(t, issued.pdf ?? Buffer.alloc(0));
      expect(response.statusCode).toBe(200);
      const { data } = response.json();
      expect(data.result).toBe('authentic');
      expect(data.document.reference_code).toBe(formatReferenceCode(issued.code));
      expect(data.document.state).toBe('issued');
    });

    it('reports the state of a revoked document whose PDF is genuine', async () => {
      const revoked = await issueDocument(t, sealer, { state: 'revoked' });
      const response = await checkFile(t, revoked.pdf ?? Buffer.alloc(0));
      expect(response.json().data).toEqual({
        result: 'authentic',
        document: { reference_code: formatReferenceCode(revoked.code), state: 'revoked' },
      });
    });

    it('finds a PDF with one byte changed altered', async () => {
      const altered = Buffer.from(issued.pdf ?? Buffer.alloc(0));
      // A byte of the page content, well inside the signed byte range.
      const at = altered.indexOf('stream') + 20;
      altered[at] = (altered[at] ?? 0) ^ 0x01;
      const response = await checkFile(t, altered);
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toEqual({ result: 'altered' });
    });

    it('finds a PDF with our valid seal that was never issued altered', async () => {
      const neverIssued = await sealedPdf(sealer, newCode(), new Date());
      const response = await checkFile(t, neverIssued);
      expect(response.json().data).toEqual({ result: 'altered' });
    });

    it('finds a PDF with an incremental update after the seal altered', async () => {
      const appended = Buffer.concat([
        issued.pdf ?? Buffer.alloc(0),
        Buffer.from('\n1 0 obj\n<< >>\nendobj\n%%EOF\n'),
      ]);
      const response = await checkFile(t, appended);
      expect(response.json().data).toEqual({ result: 'altered' });
    });

    it('finds a PDF without a seal, or sealed by someone else, unknown', async () => {
      const unsealed = await renderDocumentPdf({
        preview: declarationPreview(),
        referenceCode: formatReferenceCode(issued.code),
        issuedAt: new Date(),
        validationUrl: null,
        title: 'Υπεύθυνη Δήλωση',
        sealPlaceholder: false,
      });
      expect((await checkFile(t, unsealed)).json().data).toEqual({ result: 'unknown' });
      const otherSealer = createSealer(await createDevelopmentSealCredentials());
      const foreign = await sealedPdf(otherSealer, newCode(), new Date());
      expect((await checkFile(t, foreign)).json().data).toEqual({ result: 'unknown' });
    });

    it('refuses a file that is not a PDF', async () => {
      const response = await checkFile(t, Buffer.from('hello'), 'notes.txt', 'text/plain');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('file_type_invalid');
    });

    it('refuses a request without a file', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/validation/file',
        payload: { file: 'x' },
      });
      expect(response.statusCode).toBe(400);
    });
  });
});

describe('validation limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { VALIDATION_RATE_LIMIT_MAX: '3', FILE_MAX_SIZE: '2048' },
      seed: false,
    });
  });
  afterAll(async () => t?.close());

  it('answers 429 rate_limited once a client used its validation budget', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await validate(t, { 'document-id': newCode() })).statusCode);
    }
    expect(statuses).toEqual([404, 404, 404, 429]);
    const limited = await validate(t, { 'document-id': newCode() });
    expect(limited.json().error.code).toBe('rate_limited');
    // Another client still has its own budget.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/validation/document',
      payload: { 'document-id': newCode() },
      remoteAddress: '10.0.0.7',
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses a file larger than FILE_MAX_SIZE', async () => {
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x20)]);
    const response = await checkFile(t, big);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('file_too_large');
  });
});
