import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { DocumentPdfInput } from '../../src/pdf/document-pdf';
import { createPdfRenderer } from '../../src/pdf/render-pool';
import { createSealer } from '../../src/pdf/seal';
import { createDevelopmentSealCredentials } from '../../src/pdf/seal-credentials';
import { createWorkspace, declarationPreview, pdfPageCount, pdfText, text } from './pdf-tools';

const workspace = createWorkspace();
afterAll(() => workspace.remove());

const input: DocumentPdfInput = {
  preview: declarationPreview(),
  referenceCode: 'K7M2-9QXP-4TRA',
  issuedAt: new Date('2025-07-01T10:11:12Z'),
  validationUrl: 'http://localhost:8080/validate/K7M2-9QXP-4TRA',
  title: 'Υπεύθυνη Δήλωση',
  issuer: 'Δήμος Αθηναίων',
  sealPlaceholder: true,
};

describe('the PDF renderer (PDF_RENDER_THREADS)', () => {
  it('renders in a worker thread a PDF that seals and reads like one rendered in place', async () => {
    const inWorker = createPdfRenderer({ threads: 1 });
    const inPlace = createPdfRenderer({ threads: 0 });
    const sealer = createSealer(await createDevelopmentSealCredentials('ecdsa-p256'));
    try {
      expect(inWorker.threadCount()).toBe(0); // started by the first document
      const [fromWorker, fromPlace] = await Promise.all([
        inWorker.render(input),
        inPlace.render(input),
      ]);
      expect(inWorker.threadCount()).toBe(1);
      expect(inWorker.fallbackCount()).toBe(0);
      expect(inPlace.threadCount()).toBe(0);
      expect(Buffer.isBuffer(fromWorker)).toBe(true);
      // Same layout and text; only the file identifiers and dates inside differ.
      expect(Math.abs(fromWorker.length - fromPlace.length)).toBeLessThan(200);
      const sealed = await sealer.seal(fromWorker);
      const file = workspace.file('worker.pdf', sealed);
      expect(pdfPageCount(file)).toBe(1);
      const textOfPage = pdfText(file);
      expect(textOfPage).toContain('K7M2-9QXP-4TRA');
      expect(textOfPage).toContain('Δήμος Αθηναίων');
    } finally {
      await inWorker.close();
    }
    expect(inWorker.threadCount()).toBe(0);
  });

  it('renders several documents at once through one thread, each whole', async () => {
    const renderer = createPdfRenderer({ threads: 1 });
    try {
      const codes = ['AAAA-BBBB-CCC1', 'AAAA-BBBB-CCC2', 'AAAA-BBBB-CCC3', 'AAAA-BBBB-CCC4'];
      const pdfs = await Promise.all(
        codes.map((code) => renderer.render({ ...input, referenceCode: code })),
      );
      pdfs.forEach((pdf, index) => {
        const file = workspace.file(`many-${index}.pdf`, pdf);
        expect(pdfText(file)).toContain(codes[index]);
      });
    } finally {
      await renderer.close();
    }
  });

  it('renders the longest document a template allows within the thread’s memory limit', async () => {
    const sentence = 'Δηλώνω υπεύθυνα ότι τα στοιχεία που αναγράφονται παρακάτω είναι ακριβή. ';
    const statement = sentence.repeat(Math.ceil(10_000 / sentence.length)).slice(0, 10_000);
    const renderer = createPdfRenderer({ threads: 1 });
    try {
      const pdf = await renderer.render({
        ...input,
        preview: declarationPreview({
          body: [text(statement)],
          table: {
            columns: [text('Α/Α'), text('Ονοματεπώνυμο'), text('Διεύθυνση'), text('Ημερομηνία')],
            rows: Array.from({ length: 100 }, (_, index) => [
              text(String(index + 1)),
              text(`ΟΝΟΜΑΤΕΠΩΝΥΜΟ ΜΕ ΠΟΛΛΑ ΓΡΑΜΜΑΤΑ ΑΡΙΘΜΟΣ ${index + 1}`),
              text('Λεωφόρος Βασιλίσσης Σοφίας 100, 10675 Αθήνα'),
              text('01/01/2010'),
            ]),
          },
        }),
      });
      const file = workspace.file('longest.pdf', pdf);
      expect(pdfPageCount(file)).toBeGreaterThan(3);
      expect(pdfText(file)).toContain('ΑΡΙΘΜΟΣ 100');
      expect(renderer.fallbackCount()).toBe(0); // the worker rendered it, not the fallback
    } finally {
      await renderer.close();
    }
  });

  it('renders in place when the worker thread fails, rather than refusing the document', async () => {
    const broken = workspace.file('broken-worker.mjs', '');
    writeFileSync(broken, "export default () => { throw new Error('worker out of memory'); };\n");
    const renderer = createPdfRenderer({ threads: 1, workerUrl: pathToFileURL(broken).href });
    try {
      const pdf = await renderer.render(input);
      expect(pdfText(workspace.file('fallback.pdf', pdf))).toContain('K7M2-9QXP-4TRA');
      expect(renderer.fallbackCount()).toBe(1);
    } finally {
      await renderer.close();
    }
  });
});
