import * as XLSX from '@e965/xlsx';
import { crc32 } from 'node:zlib';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SpreadsheetWriter, writeSpreadsheet, type SpreadsheetFormat } from './write-spreadsheet';

const rows = [
  ['Υπόθεση', 'Πολίτης', 'Σημείωση'],
  ['2026/000001', 'ΜΑΡΙΑ ΠΑΠΑΔΟΠΟΥΛΟΥ', '=HYPERLINK("http://evil")'],
  ['2026/000002', 'Ελένη & <Νίκος> "Ο"', 'γραμμή 1\nγραμμή 2'],
  ['2026/000003', 'a\u0000b\u001fc', ''],
];

/** Read back by an independent reader (SheetJS), as a spreadsheet program would. */
async function readBack(format: SpreadsheetFormat) {
  const bytes = await writeSpreadsheet(format, { name: 'Υποθέσεις: 11/2026', rows });
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
  it.each(['xlsx', 'ods'] as const)(
    '%s: every cell reads back as the text written',
    async (format) => {
      const { name, cells } = await readBack(format);
      expect(name).toBe('Υποθέσεις  11 2026');
      expect(cells).toEqual([
        rows[0],
        rows[1],
        rows[2],
        // Characters XML cannot carry are dropped, the rest kept.
        ['2026/000003', 'abc', ''],
      ]);
    },
  );

  it.each(['xlsx', 'ods'] as const)(
    '%s: a value starting with = is text, never a formula',
    async (format) => {
      const { sheet } = await readBack(format);
      const cell = sheet['C2'] as { t: string; f?: string; v: string };
      expect(cell.t).toBe('s');
      expect(cell.f).toBeUndefined();
      expect(cell.v).toBe('=HYPERLINK("http://evil")');
    },
  );

  it('an OpenDocument file starts with its media type, stored', async () => {
    const bytes = await writeSpreadsheet('ods', { name: 'x', rows });
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

  it.each(['xlsx', 'ods'] as const)(
    '%s: rows added in chunks read back whole, every entry checked by its CRC',
    async (format) => {
      const writer = new SpreadsheetWriter(format, 'Υποθέσεις', ['Α/Α', 'Κείμενο']);
      for (let chunk = 0; chunk < 3; chunk += 1) {
        await writer.addRows(
          Array.from({ length: 1000 }, (_, n) => [
            String(chunk * 1000 + n + 1),
            `Δήλωση ${chunk * 1000 + n + 1} & <ετικέτα>`,
          ]),
        );
      }
      const bytes = await writer.finish();
      await expect(writer.addRows([['x']])).rejects.toThrow(/finished/);
      // Every entry's stored CRC-32 and sizes match its content (read from the central directory).
      const entries = unzipSync(bytes);
      for (const [name, content] of Object.entries(entries)) {
        const at = Buffer.from(bytes).indexOf(Buffer.from(name, 'utf8'), 0);
        expect(at, name).toBeGreaterThan(0);
        const header = new DataView(bytes.buffer, bytes.byteOffset + at - 30, 30);
        expect(header.getUint32(0, true), name).toBe(0x04034b50);
        expect(header.getUint32(14, true), name).toBe(crc32(content));
        expect(header.getUint32(22, true), name).toBe(content.byteLength);
      }
      const book = XLSX.read(bytes, { type: 'array' });
      const cells = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, {
        header: 1,
        defval: '',
        raw: false,
      });
      expect(cells).toHaveLength(3001);
      expect(cells[0]).toEqual(['Α/Α', 'Κείμενο']);
      expect(cells[3000]).toEqual(['3000', 'Δήλωση 3000 & <ετικέτα>']);
    },
  );
});
