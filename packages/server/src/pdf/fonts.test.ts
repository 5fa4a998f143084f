import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create } from 'fontkit';
import { describe, expect, it } from 'vitest';
import PDFDocument from 'pdfkit';
import { renderDocumentPdf, type DocumentPdfInput } from './document-pdf';
import { asPdfFont, documentFonts, shareWordLayouts } from './fonts';

const require = createRequire(import.meta.url);

/** fontkit's parts a subset touches, which its types (fontkit.d.ts) leave out. */
type SubsetFont = {
  layout(text: string): { glyphs: Array<{ id: number }> };
  getGlyph(id: number): { _decode(): { numberOfContours: number } | null };
  createSubset(): { includeGlyph(id: number): number; encode(): Uint8Array };
};

const asSubsetFont = (font: unknown) => font as SubsetFont;

/** The font object pdfkit is writing with now (its own, undocumented). */
const currentFont = (doc: PDFKit.PDFDocument) =>
  (doc as unknown as { _font: { layoutCache?: Record<string, unknown> } })._font;

// Latin, monotonic and polytonic Greek: accented letters are built from other glyphs in Noto Sans.
const TEXT = 'Υπεύθυνη Δήλωση — Ϊ ϋ ΐ ἄ ῷ é ñ Ç 0123456789 «Αθήνα»';

function subsetBytes(font: SubsetFont, text: string): Uint8Array {
  const subset = font.createSubset();
  for (const glyph of font.layout(text).glyphs) subset.includeGlyph(glyph.id);
  return subset.encode();
}

describe('document fonts', () => {
  const plain = asSubsetFont(
    create(
      readFileSync(
        require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf'),
      ),
    ),
  );
  const kept = asSubsetFont(documentFonts().regular);

  it('embeds, with outlines kept between documents, exactly the subset fontkit embeds alone', () => {
    const expected = subsetBytes(plain, TEXT);
    // The first document decodes and keeps the outlines; the next ones read them back.
    for (let document = 0; document < 3; document += 1) {
      expect(Buffer.from(subsetBytes(kept, TEXT)).equals(Buffer.from(expected))).toBe(true);
    }
    // A different text after those: other glyphs, some kept already, some new.
    const other = 'Ένα άλλο κείμενο: ώρα, ημέρα, Ζ Ξ Ψ Ω ü ß';
    expect(
      Buffer.from(subsetBytes(kept, other)).equals(Buffer.from(subsetBytes(plain, other))),
    ).toBe(true);
  });

  it('covers glyphs made of other glyphs (their components are renumbered in the subset)', () => {
    const composite = plain
      .layout(TEXT)
      .glyphs.filter((glyph) => (plain.getGlyph(glyph.id)._decode()?.numberOfContours ?? 0) < 0);
    expect(composite.length).toBeGreaterThan(0);
  });

  it('decodes a glyph’s outline once however many documents embed it', () => {
    const glyph = kept.getGlyph(kept.layout('ά').glyphs[0]!.id);
    expect(glyph._decode()).toBe(glyph._decode());
    expect(kept.getGlyph(kept.layout('ά').glyphs[0]!.id)).toBe(glyph);
  });
});

describe('word layouts shared between documents', () => {
  const input = (body: string, name: string): DocumentPdfInput => ({
    preview: {
      heading: { el: 'ΥΠΕΥΘΥΝΗ ΔΗΛΩΣΗ', en: 'SOLEMN DECLARATION', fr: 'DÉCLARATION' },
      rows: [
        { label: { el: 'Όνομα', en: 'Name', fr: 'Nom' }, value: { el: name, en: name, fr: name } },
      ],
      body: [{ el: body, en: body, fr: body }],
      recipient: null,
    },
    referenceCode: 'ABCD1234EFGH5678',
    issuedAt: new Date('2026-01-02T10:00:00Z'),
    validationUrl: 'https://dilosi.example/show/ABCD1234EFGH5678',
    title: 'Υπεύθυνη δήλωση',
    sealPlaceholder: true,
  });

  it('render a document byte for byte alike whether its words were laid out before or not', async () => {
    const first = await renderDocumentPdf(input('Δηλώνω υπεύθυνα ότι όλα ισχύουν.', 'ΓΙΩΡΓΟΣ'));
    const other = await renderDocumentPdf(
      input('Κάτι άλλο: λέξεις νέες, é ñ Ç, 12/03/2026 και «εισαγωγικά».', 'ΜΑΡΙΑ ΝΙΚΟΛΑΟΥ'),
    );
    const again = await renderDocumentPdf(input('Δηλώνω υπεύθυνα ότι όλα ισχύουν.', 'ΓΙΩΡΓΟΣ'));
    expect(again.equals(first)).toBe(true);
    expect(other.equals(first)).toBe(false);
  });

  it('leave a font alone that keeps no words (pdfkit told not to)', () => {
    const doc = new PDFDocument({
      font: asPdfFont(documentFonts().regular) as string,
      fontLayoutCache: false,
    } as PDFKit.PDFDocumentOptions);
    expect(shareWordLayouts(doc)).toBe(false);
    const own = currentFont(doc);
    expect(own.layoutCache).toBeUndefined();
    doc.end();
  });

  it('hand a new document the words earlier documents laid out, per font', async () => {
    await renderDocumentPdf(input('Μοναδική λέξη ξωτικοπαρέα εδώ.', 'ΕΛΕΝΗ'));
    const doc = new PDFDocument({ font: asPdfFont(documentFonts().regular) as string });
    const own = currentFont(doc);
    expect(own.layoutCache?.['ξωτικοπαρέα ']).toBeUndefined();
    expect(shareWordLayouts(doc)).toBe(true);
    expect(own.layoutCache?.['ξωτικοπαρέα ']).toMatchObject({ glyphs: expect.any(Array) });
    // Another font of the same document has a dictionary of its own.
    doc.registerFont('NotoSans-Bold', asPdfFont(documentFonts().bold));
    doc.font('NotoSans-Bold');
    expect(shareWordLayouts(doc)).toBe(true);
    const bold = currentFont(doc);
    expect(bold.layoutCache).not.toBe(own.layoutCache);
    doc.end();
  });
});
