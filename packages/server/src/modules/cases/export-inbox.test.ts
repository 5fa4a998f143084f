import { describe, expect, it } from 'vitest';
import { csvField } from './export-inbox';

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
});
