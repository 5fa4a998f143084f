import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font } from 'fontkit';

/**
 * Noto Sans (Latin and Greek) parsed once per process: parsing a TTF costs more than laying
 * out a whole declaration, so every document reuses these objects (pdfkit embeds a fresh subset
 * of them in each PDF).
 */
export type DocumentFonts = { regular: Font; bold: Font };

const require = createRequire(import.meta.url);
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;
/** Words kept laid out, per font; the set is dropped and starts again when full. */
const LAYOUT_CACHE_WORDS = 20_000;

let fonts: DocumentFonts | undefined;

export function documentFonts(): DocumentFonts {
  fonts ??= { regular: parseFont(FONT_FILES.regular), bold: parseFont(FONT_FILES.bold) };
  return fonts;
}

/** pdfkit accepts any object with a `layout` function as a font; its types only list paths and bytes. */
export function asPdfFont(font: Font): PDFKit.Mixins.PDFFontSource {
  return font as unknown as PDFKit.Mixins.PDFFontSource;
}

function parseFont(file: string): Font {
  return withKeptOutlines(create(readFileSync(require.resolve(file))));
}

/**
 * The font as pdfkit sees it: fontkit's, except that a glyph's decoded outline is kept
 * (withDecodedOutline).
 */
function withKeptOutlines(font: Font): Font {
  const fontkit = font as unknown as {
    getGlyph: GetGlyph;
    _cmapProcessor?: { codePointsForGlyph?: (id: number) => number[] };
  };
  const getGlyph = (id: number, characters?: number[]): unknown =>
    withDecodedOutline(
      fontkit.getGlyph(id, characters?.length ? characters : charactersOf(fontkit, id)),
    );
  return new Proxy(font, {
    get: (target, property) =>
      property === 'getGlyph' ? getGlyph : Reflect.get(target, property, target),
  });
}

/** What pdfkit keeps of a laid-out word: fontkit's glyph run, its positions scaled to 1000/em. */
type WordLayouts = Record<string, unknown>;
/** One dictionary per fontkit font (pdfkit's positions depend on the font only, not the size). */
const wordLayouts = new WeakMap<object, WordLayouts>();

/**
 * Shaping a word (OpenType lookups) and scaling its positions is most of the cost of a page, and
 * pdfkit keeps the result only for the document it lays out (each font object of a document has
 * its own `layoutCache`, a word → run dictionary it reads and writes, never changing a run once
 * stored). This gives the current font of `doc` the one dictionary of its font for the whole
 * process instead, so a word is laid out once, not once per document. Call it right after
 * `doc.font(name)` first opens the font; the dictionary starts again when it holds
 * LAYOUT_CACHE_WORDS words. Answers false, and changes nothing, if pdfkit's font object is not
 * as described (another pdfkit version: src/pdf/fonts.test.ts fails then, the PDF does not).
 */
export function shareWordLayouts(doc: PDFKit.PDFDocument): boolean {
  const embedded = (doc as unknown as { _font?: { font?: unknown; layoutCache?: unknown } })._font;
  const font = embedded?.font;
  if (
    typeof font !== 'object' ||
    font === null ||
    typeof embedded?.layoutCache !== 'object' ||
    embedded.layoutCache === null
  ) {
    return false;
  }
  let layouts = wordLayouts.get(font);
  if (!layouts) {
    layouts = boundedWords(LAYOUT_CACHE_WORDS);
    wordLayouts.set(font, layouts);
  }
  embedded.layoutCache = layouts;
  return true;
}

/** A dictionary (as pdfkit uses it: read and write by word) of at most `limit` words. */
function boundedWords(limit: number): WordLayouts {
  let words = new Map<string, unknown>();
  return new Proxy(Object.create(null) as WordLayouts, {
    get: (_target, word) => (typeof word === 'string' ? words.get(word) : undefined),
    set: (_target, word, run) => {
      if (typeof word !== 'string') return false;
      if (words.size >= limit) words = new Map();
      words.set(word, run);
      return true;
    },
  });
}

type GetGlyph = (id: number, characters?: number[]) => unknown;

/**
 * fontkit keeps one glyph object per id for the font's life, with the characters it was first
 * asked for. A document's subset asks for the parts of a composite glyph by id alone (Greek Ε is
 * drawn with Latin E's outline), and fontkit's layout then handed every later document that
 * glyph without characters: its PDF mapped the letter to no text (copied or read aloud as
 * nothing; found on English text after Greek documents, issue #33). A glyph asked for by id
 * alone is made with the characters the font's cmap maps to it (fontkit memoises the look-up).
 */
function charactersOf(
  font: { _cmapProcessor?: { codePointsForGlyph?: (id: number) => number[] } },
  id: number,
): number[] | undefined {
  const cmap = font._cmapProcessor;
  return typeof cmap?.codePointsForGlyph === 'function' ? cmap.codePointsForGlyph(id) : undefined;
}
type DecodableGlyph = { _decode(): unknown };
const outlineKept = new WeakSet<object>();

/**
 * A document's font subset (fontkit's TTFSubset, through `getGlyph` on this font) decodes the
 * whole outline of each glyph it embeds, only to learn whether the glyph is made of others: the
 * same answer for every document, ~9 % of a document's render. A glyph object lives as long as
 * its font, so its decoded outline (read, never changed, without font variations) is kept on it.
 */
function withDecodedOutline(glyph: unknown): unknown {
  if (typeof glyph !== 'object' || glyph === null || outlineKept.has(glyph)) return glyph;
  const decodable = glyph as Partial<DecodableGlyph>;
  // Another fontkit version without this method: nothing kept (fonts.test.ts fails, PDFs do not).
  if (typeof decodable._decode !== 'function') return glyph;
  const decode = decodable._decode.bind(glyph);
  let outline: { value: unknown } | undefined;
  decodable._decode = () => (outline ??= { value: decode() }).value;
  outlineKept.add(glyph);
  return glyph;
}
