import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderDocumentPdf, type DocumentPdfInput } from '../../src/pdf/document-pdf';
import { createSealer, type Sealer } from '../../src/pdf/seal';
import {
  createDevelopmentSealCredentials,
  pemToDer,
  type SealCredentials,
} from '../../src/pdf/seal-credentials';
import {
  createNssDatabase,
  createWorkspace,
  declarationPreview,
  decodeQrCode,
  pdfPageCount,
  pdfSignatures,
  pdfText,
  run,
  text,
} from './pdf-tools';

const REFERENCE_CODE = 'K7M2-9QXP-4TRA';
const VALIDATION_URL = `http://localhost:8080/validate/${REFERENCE_CODE}`;
// 10:11:12 UTC is 13:11:12 in Athens in July (EEST, UTC+3).
const ISSUED_AT = new Date('2025-07-01T10:11:12Z');

const workspace = createWorkspace();
let credentials: SealCredentials;
let sealer: Sealer;
let nssDir: string;

function declaration(overrides: Partial<DocumentPdfInput> = {}): DocumentPdfInput {
  return {
    preview: declarationPreview(),
    referenceCode: REFERENCE_CODE,
    issuedAt: ISSUED_AT,
    validationUrl: VALIDATION_URL,
    title: 'Υπεύθυνη Δήλωση',
    sealPlaceholder: true,
    ...overrides,
  };
}

async function sealedFile(name: string, input: DocumentPdfInput): Promise<string> {
  return workspace.file(name, await sealer.seal(await renderDocumentPdf(input)));
}

/** The CMS in /Contents, without the zero padding after it. */
function extractCms(pdf: Buffer): pkijs.SignedData {
  const hex = /\/Contents <([0-9a-f]+)>/.exec(pdf.toString('latin1'))?.[1] ?? '';
  const bytes = Buffer.from(hex, 'hex');
  const parsed = asn1js.fromBER(bytes);
  const contentInfo = new pkijs.ContentInfo({ schema: parsed.result });
  return new pkijs.SignedData({ schema: contentInfo.content });
}

beforeAll(async () => {
  credentials = await createDevelopmentSealCredentials();
  sealer = createSealer(credentials);
  nssDir = createNssDatabase(workspace, credentials.caCertificatePem ?? '');
});

afterAll(() => workspace.remove());

describe('a sealed declaration', () => {
  let file: string;
  let pdf: Buffer;

  beforeAll(async () => {
    file = await sealedFile('declaration.pdf', declaration());
    pdf = readFileSync(file);
  });

  it('holds the Greek text, the Athens issue date and the reference code', () => {
    const content = pdfText(file);
    expect(content).toContain('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ');
    expect(content).toContain('(άρθρο 8 Ν.1599/1986)');
    expect(content).toMatch(/ΠΡΟΣ:\s+Δήμος Αθηναίων/);
    expect(content).toMatch(/Επώνυμο\s+ΠΑΠΑΔΟΠΟΥΛΟΣ/);
    expect(content).toContain('Με ατομική μου ευθύνη');
    expect(content).toContain('Ημερομηνία έκδοσης: 01/07/2025 13:11:12');
    expect(content).toContain(`Κωδικός επαλήθευσης: ${REFERENCE_CODE}`);
    expect(content).toContain('Σελίδα 1 από 1');
  });

  it('embeds every font it uses: Noto Sans, never a standard font', () => {
    const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
    const rows = fonts.split('\n').slice(2).filter(Boolean);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row).toMatch(/NotoSans/);
      // Columns: name, type (two words), encoding, emb, sub, uni, object, generation.
      expect(row.split(/\s+/).at(-5)).toBe('yes');
    }
  });

  it('passes qpdf --check', () => {
    const { output, status } = run('qpdf', ['--check', file]);
    expect(status).toBe(0);
    expect(output).toContain('No syntax or stream encoding errors');
  });

  it('declares itself PDF/A-2b in its XMP metadata', () => {
    const meta = execFileSync('pdfinfo', ['-meta', file], { encoding: 'utf8' });
    expect(meta).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(meta).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    expect(info).toMatch(/PDF version:\s+1\.7/);
    expect(info).toMatch(/Title:\s+Υπεύθυνη Δήλωση/);
    expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  });

  it('draws a QR code on the last page holding exactly the validation address', () => {
    expect(decodeQrCode(workspace, file, pdfPageCount(file))).toBe(VALIDATION_URL);
  });

  it('draws the QR code as vectors, not as an image', () => {
    const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    expect(images.split('\n').slice(2).filter(Boolean)).toEqual([]);
  });

  it('is sealed: pdfsig finds a valid PAdES seal from a trusted certificate', () => {
    const report = pdfSignatures(file, nssDir);
    expect(report).toContain('Signer Certificate Common Name: Dilosi Development Seal');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signing Hash Algorithm: SHA-256');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
  });

  it('carries the PAdES B-B attributes and no signingTime in its CMS', () => {
    const signedData = extractCms(pdf);
    const signerInfo = signedData.signerInfos[0];
    const types = signerInfo?.signedAttrs?.attributes.map((attribute) => attribute.type);
    expect(types?.sort()).toEqual(
      ['1.2.840.113549.1.9.3', '1.2.840.113549.1.9.4', '1.2.840.113549.1.9.16.2.47'].sort(),
    );
    expect(types).not.toContain('1.2.840.113549.1.9.5');
    expect(signedData.encapContentInfo.eContent).toBeUndefined();
    expect(signedData.certificates).toHaveLength(2);
    // ESSCertIDv2 = SEQUENCE { certHash } (SHA-256, the default, left out).
    const signingCertificate = signerInfo?.signedAttrs?.attributes.find(
      (attribute) => attribute.type === '1.2.840.113549.1.9.16.2.47',
    )?.values[0] as asn1js.Sequence;
    const essCertId = (signingCertificate.valueBlock.value[0] as asn1js.Sequence).valueBlock
      .value[0] as asn1js.Sequence;
    expect(essCertId.valueBlock.value).toHaveLength(1);
    const certHash = Buffer.from(
      (essCertId.valueBlock.value[0] as asn1js.OctetString).valueBlock.valueHexView,
    );
    const expected = crypto
      .createHash('sha256')
      .update(pemToDer(credentials.certificatePem))
      .digest();
    expect(certHash.equals(expected)).toBe(true);
    // The signing time sits in the signature dictionary.
    expect(pdf.toString('latin1')).toContain('/M (D:20250701101112Z)');
  });

  it('reports a broken seal when one signed byte changes', () => {
    const tampered = Buffer.from(pdf);
    const streamStart = tampered.indexOf('stream\n') + 'stream\n'.length;
    tampered[streamStart + 20] = (tampered[streamStart + 20] ?? 0) ^ 0x01;
    const report = pdfSignatures(workspace.file('tampered.pdf', tampered), nssDir);
    expect(report).not.toContain('Signature Validation: Signature is Valid.');
    expect(report).toMatch(/Signature Validation: (Digest Mismatch|Signature is Invalid)/);
  });
});

describe('a declaration without reference code', () => {
  it('draws no QR code and no verification line when REFCODE_ENABLED is off', async () => {
    const file = await sealedFile(
      'no-code.pdf',
      declaration({ referenceCode: null, validationUrl: null }),
    );
    expect(decodeQrCode(workspace, file, 1)).toBeNull();
    const content = pdfText(file);
    expect(content).not.toContain('Κωδικός επαλήθευσης');
    expect(content).toContain('Ημερομηνία έκδοσης: 01/07/2025 13:11:12');
    expect(pdfSignatures(file, nssDir)).toContain('Signature Validation: Signature is Valid.');
  });

  it('can be rendered without a seal', async () => {
    const file = workspace.file(
      'unsealed.pdf',
      await renderDocumentPdf(declaration({ sealPlaceholder: false })),
    );
    expect(run('qpdf', ['--check', file]).status).toBe(0);
    expect(pdfSignatures(file, nssDir)).toMatch(/does not contain any signatures/);
  });
});

describe('a declaration issued from the English interface', () => {
  it('carries the English text after the Greek, marked as a translation, and stays valid', async () => {
    // A Greek document first, as a process that has issued before: its font subset once left
    // Latin capitals that Greek ones are drawn from (E, I, O, M…) without a text mapping.
    await renderDocumentPdf(declaration());
    const both = (el: string, en: string) => ({ el, en, fr: en });
    const preview = declarationPreview({
      heading: both('ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ', 'SOLEMN DECLARATION'),
      rows: [
        { label: both('Όνομα', 'First name'), value: both('ΓΕΩΡΓΙΟΣ', 'ΓΕΩΡΓΙΟΣ') },
        { label: both('Επώνυμο', 'Surname'), value: both('ΠΑΠΑΔΟΠΟΥΛΟΣ', 'ΠΑΠΑΔΟΠΟΥΛΟΣ') },
        // A choice: the preview carries its label in every language, the PDF reads Greek.
        { label: both('Λόγος', 'Reason'), value: both('Απώλεια', 'Loss') },
      ],
      body: [both('Δηλώνω ότι διαμένω στην Αθήνα.', 'I declare that I live in Athens.')],
    });
    const file = await sealedFile('translated.pdf', declaration({ preview, translation: 'en' }));
    const content = pdfText(file);
    const greek = content.indexOf('Δηλώνω ότι διαμένω στην Αθήνα.');
    const note = content.indexOf('English translation, for information only.');
    expect(greek).toBeGreaterThan(-1);
    expect(note).toBeGreaterThan(greek);
    expect(content).toContain('The Greek text above is the authentic text of this document.');
    expect(content.indexOf('SOLEMN DECLARATION')).toBeGreaterThan(note);
    expect(content).toMatch(/Surname\s+ΠΑΠΑΔΟΠΟΥΛΟΣ/);
    // The values as issued, in Greek on the translation page too.
    expect(content).toMatch(/Reason\s+Απώλεια/);
    expect(content).not.toMatch(/\bLoss\b/);
    expect(content).toContain('I declare that I live in Athens.');
    expect(run('qpdf', ['--check', file]).status).toBe(0);
    expect(pdfSignatures(file, nssDir)).toContain('Signature Validation: Signature is Valid.');
    // The Greek interface's document has no translation.
    const greekOnly = pdfText(await sealedFile('greek.pdf', declaration({ preview })));
    expect(greekOnly).not.toContain('I declare that I live in Athens.');
    expect(greekOnly).not.toContain('translation');
  });
});

describe('a long declaration', () => {
  it('breaks the text and the table across pages, with a footer on every page', async () => {
    const sentence =
      'Δηλώνω υπεύθυνα ότι τα στοιχεία των τέκνων μου που αναγράφονται παρακάτω είναι ακριβή. ';
    const statement = sentence.repeat(Math.ceil(2500 / sentence.length)).slice(0, 2500);
    const input = declaration({
      preview: declarationPreview({
        body: [text(statement), text('Τέλος κειμένου δήλωσης.')],
        table: {
          columns: [text('Α/Α'), text('Ονοματεπώνυμο τέκνου'), text('Ημερομηνία γέννησης')],
          rows: Array.from({ length: 60 }, (_, index) => [
            text(String(index + 1)),
            text(`ΤΕΚΝΟ ΑΡΙΘΜΟΣ ${index + 1}`),
            text('01/01/2010'),
          ]),
        },
      }),
    });
    const renderStart = performance.now();
    const unsealed = await renderDocumentPdf(input);
    const renderMs = performance.now() - renderStart;
    const sealStart = performance.now();
    const sealed = await sealer.seal(unsealed);
    const sealMs = performance.now() - sealStart;
    const file = workspace.file('long.pdf', sealed);

    const pages = pdfPageCount(file);
    console.log(
      JSON.stringify({
        longDocument: { pages, renderMs: +renderMs.toFixed(1), sealMs: +sealMs.toFixed(2) },
      }),
    );
    expect(pages).toBeGreaterThanOrEqual(2);
    for (let page = 1; page <= pages; page += 1) {
      const content = pdfText(file, page);
      expect(content).toContain(`Σελίδα ${page} από ${pages}`);
    }
    const all = pdfText(file);
    expect(all).toContain('Τέλος κειμένου δήλωσης.');
    expect(all).toContain('ΤΕΚΝΟ ΑΡΙΘΜΟΣ 60');
    // The table header repeats on every page the table reaches.
    const tablePages = Array.from({ length: pages }, (_, index) => pdfText(file, index + 1)).filter(
      (content) => /ΤΕΚΝΟ ΑΡΙΘΜΟΣ \d+/.test(content),
    );
    expect(tablePages.length).toBeGreaterThanOrEqual(2);
    for (const content of tablePages) expect(content).toContain('Ονοματεπώνυμο τέκνου');
    expect(decodeQrCode(workspace, file, pages)).toBe(VALIDATION_URL);
    expect(pdfSignatures(file, nssDir)).toContain('Signature Validation: Signature is Valid.');
  });
});

describe('an RSA seal key', () => {
  it('gives a seal pdfsig accepts too', async () => {
    const rsa = await createDevelopmentSealCredentials('rsa-2048');
    const rsaWorkspace = createWorkspace();
    try {
      const rsaNss = createNssDatabase(rsaWorkspace, rsa.caCertificatePem ?? '');
      const sealed = await createSealer(rsa).seal(await renderDocumentPdf(declaration()));
      const report = pdfSignatures(rsaWorkspace.file('rsa.pdf', sealed), rsaNss);
      expect(report).toContain('Signature Validation: Signature is Valid.');
      expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    } finally {
      rsaWorkspace.remove();
    }
  });
});
