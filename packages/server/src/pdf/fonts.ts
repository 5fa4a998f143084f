import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { create, type Font, type GlyphPosition, type GlyphRun } from 'fontkit';

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
/** Words kept laid out; the set is dropped and starts again when full. */
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
  return withLayoutCache(create(readFileSync(require.resolve(file))));
}

class CachedGlyphRun implements GlyphRun {
  constructor(
    readonly glyphs: unknown[],
    readonly positions: GlyphPosition[],
  ) {}
  get advanceWidth(): number {
    let width = 0;
    for (const position of this.positions) width += position.xAdvance;
    return width;
  }
}

/**
 * Shaping a word (OpenType lookups) is most of the cost of a page, and pdfkit caches it only per
 * document; this cache lives as long as the process. pdfkit lays out word by word and scales the
 * positions it gets in place, so each caller receives its own copy of them.
 */
function withLayoutCache(font: Font): Font {
  const cache = new Map<string, { glyphs: unknown[]; positions: GlyphPosition[] }>();
  const layout = (text: string, features?: unknown): GlyphRun => {
    if (features !== undefined) return font.layout(text, features);
    let run = cache.get(text);
    if (!run) {
      const fresh = font.layout(text);
      run = { glyphs: fresh.glyphs, positions: fresh.positions.map((p) => ({ ...p })) };
      if (cache.size >= LAYOUT_CACHE_WORDS) cache.clear();
      cache.set(text, run);
    }
    return new CachedGlyphRun(
      run.glyphs,
      run.positions.map((p) => ({ ...p })),
    );
  };
  const getGlyph = (id: number, characters?: number[]): unknown =>
    withDecodedOutline((font as unknown as { getGlyph: GetGlyph }).getGlyph(id, characters));
  return new Proxy(font, {
    get: (target, property) => {
      if (property === 'layout') return layout;
      if (property === 'getGlyph') return getGlyph;
      return Reflect.get(target, property, target);
    },
  });
}

type GetGlyph = (id: number, characters?: number[]) => unknown;
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
  const decodable = glyph as DecodableGlyph;
  const decode = decodable._decode.bind(glyph);
  let outline: { value: unknown } | undefined;
  decodable._decode = () => (outline ??= { value: decode() }).value;
  outlineKept.add(glyph);
  return glyph;
}
