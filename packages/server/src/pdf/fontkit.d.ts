// fontkit (a dependency of pdfkit) ships no types: only what fonts.ts uses.
declare module 'fontkit' {
  export type GlyphPosition = {
    xAdvance: number;
    yAdvance: number;
    xOffset: number;
    yOffset: number;
  };
  export type GlyphRun = {
    glyphs: unknown[];
    positions: GlyphPosition[];
    readonly advanceWidth: number;
  };
  export type Font = {
    postscriptName: string;
    layout(text: string, features?: unknown): GlyphRun;
    hasGlyphForCodePoint(codePoint: number): boolean;
  };
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
