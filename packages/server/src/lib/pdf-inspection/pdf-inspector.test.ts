import crypto from 'node:crypto';
import { PDFDocument, PDFName } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { GIB, pdfBombs } from '../../../test/fixtures/pdf-bombs';
import { AppError } from '../app-error';
import { DEFAULT_DECODE_LIMITS, createPdfInspector, type PdfInspector } from './pdf-inspector';
// The worker's own scan, run here on the test's thread (the pool runs the same module).
import { scanPdf } from './pdf-inspection-worker.mjs';

const NO_LIMIT = {
  maxInflatedBytes: Number.MAX_SAFE_INTEGER,
  maxObjectStreamBytes: Number.MAX_SAFE_INTEGER,
  maxObjects: Number.MAX_SAFE_INTEGER,
};

describe('scanPdf (before pdf-lib reads a file)', () => {
  it.each([
    ['a content stream inflating to 1 GiB', () => pdfBombs.contentStreamBomb(GIB)],
    ['an object stream inflating to 1 GiB', () => pdfBombs.objectStreamBomb(GIB)],
    ['1 GiB behind two Flate filters', () => pdfBombs.doubleFlateBomb(GIB)],
    ['100,000 numbered objects', async () => pdfBombs.manyObjects(100_000)],
    ['100,000 objects in an object stream', async () => pdfBombs.manyObjectsInObjectStream()],
  ])('refuses %s as too complex', async (_, make) => {
    expect(await scanPdf(await make(), DEFAULT_DECODE_LIMITS)).toBe('pdf_too_complex');
  });

  it.each([
    ['a JavaScript open action', pdfBombs.javaScriptOpenAction],
    ['JavaScript named with #XX escapes', pdfBombs.obfuscatedJavaScript],
    ['a launch action', pdfBombs.launchAction],
    ['an embedded file', pdfBombs.embeddedFile],
    ['a file attachment annotation', pdfBombs.fileAttachmentAnnotation],
    ['JavaScript in a Flate object stream', pdfBombs.javaScriptInObjectStream],
    ['JavaScript in an LZW object stream', pdfBombs.javaScriptInLzwObjectStream],
    ['JavaScript in an ASCII85 + Flate object stream', pdfBombs.javaScriptInAscii85ObjectStream],
    ['JavaScript in a PNG-predicted object stream', pdfBombs.javaScriptInPredictedObjectStream],
  ])('refuses %s as active content', async (_, make) => {
    expect(await scanPdf(make(), DEFAULT_DECODE_LIMITS)).toBe('pdf_active_content');
  });

  it('reads past a budget only when the limits allow it', async () => {
    const bomb = await pdfBombs.contentStreamBomb(64 * 1_048_576);
    expect(await scanPdf(bomb, NO_LIMIT)).toBeNull();
    expect(await scanPdf(bomb, { ...NO_LIMIT, maxInflatedBytes: 32 * 1_048_576 })).toBe(
      'pdf_too_complex',
    );
  });

  it('accepts files whose binary streams happen to hold active names', async () => {
    // Image-like data is never PDF syntax: `/JavaScript ` in it, raw or compressed, is no action.
    const document = await PDFDocument.create();
    document.addPage([200, 200]);
    const noise = Buffer.concat([
      crypto.randomBytes(200_000),
      Buffer.from(' /JavaScript /Launch /JS ', 'latin1'),
      crypto.randomBytes(200_000),
    ]);
    document.context.register(document.context.stream(noise, { Subtype: PDFName.of('Image') }));
    document.context.register(document.context.flateStream(noise));
    // pdf-lib writes its objects in object streams (useObjectStreams), as most writers do.
    const bytes = Buffer.from(await document.save());
    expect(await scanPdf(bytes, DEFAULT_DECODE_LIMITS)).toBeNull();
  });
});

describe('createPdfInspector (the worker pool)', () => {
  let inspector: PdfInspector | undefined;
  afterEach(async () => {
    await inspector?.close();
  });

  it('refuses what is not a PDF without a worker', async () => {
    inspector = createPdfInspector({ timeoutMs: 10_000, memoryMb: 64, threads: 1 });
    expect(await inspector.inspect(Buffer.from('hello'), 'application/pdf')).toBe(
      'file_type_invalid',
    );
    expect(await inspector.inspect(pdfBombs.valid(), 'image/png')).toBe('file_type_invalid');
    expect(inspector.threadCount()).toBe(0);
  });

  it('stops a file at the time limit and checks the next one in a new worker', async () => {
    // Without decoding limits only the clock can stop a 1 GiB stream.
    inspector = createPdfInspector({ timeoutMs: 50, memoryMb: 64, threads: 1, ...NO_LIMIT });
    const bomb = await pdfBombs.contentStreamBomb(GIB);
    expect(await inspector.inspect(bomb, 'application/pdf')).toBe('pdf_too_complex');
    expect(await inspector.inspect(pdfBombs.valid(), 'application/pdf')).toBeNull();
  });

  it('refuses a file that needs more heap than a worker has, and goes on', async () => {
    inspector = createPdfInspector({ timeoutMs: 60_000, memoryMb: 16, threads: 1, ...NO_LIMIT });
    // pdf-lib holds every object: 100,000 of them need far more than 16 MB.
    expect(await inspector.inspect(pdfBombs.manyObjects(100_000), 'application/pdf')).toBe(
      'pdf_too_complex',
    );
    expect(await inspector.inspect(pdfBombs.valid(), 'application/pdf')).toBeNull();
  });

  it('starts the clock when a worker takes the file, not while it waits', async () => {
    // Two files stopped by the clock on one thread: the third waits twice the time limit.
    inspector = createPdfInspector({ timeoutMs: 300, memoryMb: 64, threads: 1, ...NO_LIMIT });
    const bomb = await pdfBombs.contentStreamBomb(GIB);
    const answers = await Promise.all([
      inspector.inspect(bomb, 'application/pdf'),
      inspector.inspect(bomb, 'application/pdf'),
      inspector.inspect(pdfBombs.valid(), 'application/pdf'),
    ]);
    expect(answers).toEqual(['pdf_too_complex', 'pdf_too_complex', null]);
  });

  it('refuses files beyond its queue with 503 instead of queueing without end', async () => {
    inspector = createPdfInspector({ timeoutMs: 10_000, memoryMb: 64, threads: 1, maxQueue: 2 });
    const bomb = await pdfBombs.contentStreamBomb(GIB);
    const answers = await Promise.allSettled(
      Array.from({ length: 6 }, () => inspector!.inspect(bomb, 'application/pdf')),
    );
    const refused = answers.filter((answer) => answer.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer.reason).toBeInstanceOf(AppError);
      expect((answer.reason as AppError).statusCode).toBe(503);
    }
    expect(answers.filter((answer) => answer.status === 'fulfilled')).not.toHaveLength(0);
  });

  it('ends its threads on close and takes no file after', async () => {
    inspector = createPdfInspector({ timeoutMs: 10_000, memoryMb: 64, threads: 2 });
    await Promise.all([
      inspector.inspect(pdfBombs.valid(), 'application/pdf'),
      inspector.inspect(pdfBombs.valid(), 'application/pdf'),
    ]);
    expect(inspector.threadCount()).toBeGreaterThan(0);
    await inspector.close();
    expect(inspector.threadCount()).toBe(0);
    await expect(inspector.inspect(pdfBombs.valid(), 'application/pdf')).rejects.toMatchObject({
      statusCode: 503,
    });
  });
});
