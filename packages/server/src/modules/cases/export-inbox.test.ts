import { describe, expect, it } from 'vitest';
import { csvField, startsLikeFormula } from './export-inbox';

describe('csvField', () => {
  it('quotes every field and doubles the quotes inside', () => {
    expect(csvField('ΜΑΡΙΑ "ΜΑΙΡΗ" ΠΑΠΑΔΟΠΟΥΛΟΥ')).toBe('"ΜΑΡΙΑ ""ΜΑΙΡΗ"" ΠΑΠΑΔΟΠΟΥΛΟΥ"');
    expect(csvField('a,b\r\nc')).toBe('"a,b\r\nc"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    for (const formula of ['=HYPERLINK("x")', '+30', '-1', '@SUM(A1)']) {
      expect(csvField(formula).startsWith(`"'`)).toBe(true);
    }
    expect(csvField('2026/000123')).toBe('"2026/000123"');
  });

  it.each([
    ['full-width equals', '\uFF1DHYPERLINK("http://x")'],
    ['full-width plus', '\uFF0B30 210 0000000'],
    ['full-width minus', '\uFF0D1+1'],
    ['full-width at', '\uFF20SUM(A1:A9)'],
    ['small equals', '\uFE66cmd|"/c calc"!A1'],
    ['small plus', '\uFE621'],
    ['small minus', '\uFE631'],
    ['small at', '\uFE6BSUM(A1)'],
    ['a tab', '\t=1+1'],
    ['a carriage return', '\r=1+1'],
    ['a line feed', '\n=1+1'],
  ])('defuses a field starting with %s', (_name, value) => {
    expect(startsLikeFormula(value)).toBe(true);
    expect(csvField(value)).toBe(`"'${value.replaceAll('"', '""')}"`);
  });

  it('leaves alone text that only holds such signs further in, or none', () => {
    for (const text of ['', 'ΜΑΡΙΑ', 'a=b', 'Ναι', '2026-02-03 10:00', ' ＝1', 'x\uFF1D', '😀=1']) {
      expect(startsLikeFormula(text), text).toBe(false);
      expect(csvField(text)).toBe(`"${text}"`);
    }
  });
});
