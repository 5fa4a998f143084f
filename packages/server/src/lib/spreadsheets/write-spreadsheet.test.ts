import * as XLSX from '@e965/xlsx';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeSpreadsheet, type SpreadsheetFormat } from './write-spreadsheet';

const rows = [
  ['Υπόθεση', 'Πολίτης', 'Σημείωση'],
  ['2026/000001', 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', '=HYPERLINK("http://evil")'],
  ['2026/000002', 'Ελένη & <Νίκος> "Ο"', 'γραμμή 1\nγραμμή 2'],
  ['2026/000003', 'a\u0000b\u001fc', ''],
];

/** Read back by an independent reader (SheetJS), as a spreadsheet program would. */
function readBack(format: SpreadsheetFormat) {
  const bytes = writeSpreadsheet(format, { name: 'Υποθέσεις: 11/2026', rows });
  const book = XLSX.read(bytes, { type: 'array' });
  const name = book.SheetNames[0]!;
  const cells = XLSX.utils.sheet_to_json<string[]>(book.Sheets[name]!, {
    header: 1,
    defval: '',
    raw: false,
  });
  return { name, cells, sheet: book.Sheets[name]!, bytes };
}

describe('writeSpreadsheet', () => {
  it.each(['xlsx', 'ods'] as const)('%s: every cell reads back as the text written', (format) => {
    const { name, cells } = readBack(format);
    expect(name).toBe('Υποθέσεις  11 2026');
    expect(cells).toEqual([
      rows[0],
      rows[1],
      rows[2],
      // Characters XML cannot carry are dropped, the rest kept.
      ['2026/000003', 'abc', ''],
    ]);
  });

  it.each(['xlsx', 'ods'] as const)(
    '%s: a value starting with = is text, never a formula',
    (format) => {
      const { sheet } = readBack(format);
      const cell = sheet['C2'] as { t: string; f?: string; v: string };
      expect(cell.t).toBe('s');
      expect(cell.f).toBeUndefined();
      expect(cell.v).toBe('=HYPERLINK("http://evil")');
    },
  );

  it('an OpenDocument file starts with its media type, stored', () => {
    const bytes = writeSpreadsheet('ods', { name: 'x', rows });
    // The ZIP's first entry: its name at offset 30, its content right after, uncompressed.
    expect(strFromU8(bytes.slice(30, 38))).toBe('mimetype');
    expect(strFromU8(bytes.slice(38, 38 + 46))).toBe(
      'application/vnd.oasis.opendocument.spreadsheet',
    );
    expect(Object.keys(unzipSync(bytes))).toEqual([
      'mimetype',
      'META-INF/manifest.xml',
      'content.xml',
      'styles.xml',
    ]);
  });
});
