import { once } from 'node:events';
import { crc32, createDeflateRaw, deflateRawSync, type DeflateRaw } from 'node:zlib';
import { strToU8 } from 'fflate';

/** A spreadsheet file format: Office Open XML (Excel) or OpenDocument (LibreOffice). */
export type SpreadsheetFormat = 'xlsx' | 'ods';

/** One sheet: its name and its rows of text cells, the first row the header. */
export type Sheet = { name: string; rows: readonly (readonly string[])[] };

export const SPREADSHEET_MEDIA_TYPES: Record<SpreadsheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
};

// Characters XML 1.0 cannot carry (control characters other than tab and line breaks, lone
// surrogates, U+FFFE/U+FFFF) are dropped: a citizen's text never breaks the file.
const NOT_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

function xml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');
}

/** A sheet name both formats accept: no []:*?/\ and at most 31 characters. */
function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1';
}

/** Column letters of a 0-based index: A … Z, AA … */
function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

/**
 * The sheet as a file of `format` in one call: `SpreadsheetWriter` with every row at once.
 */
export async function writeSpreadsheet(
  format: SpreadsheetFormat,
  sheet: Sheet,
): Promise<Uint8Array> {
  const [header = [], ...rows] = sheet.rows;
  const writer = new SpreadsheetWriter(format, sheet.name, header);
  await writer.addRows(rows);
  return writer.finish();
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/**
 * A spreadsheet written as its rows come, every cell a string (never a formula: an inline
 * string in XLSX, a string value in ODS, so a value starting with = stays text), the header row
 * bold. The sheet's XML is compressed as it is written, by Node's zlib on its thread pool (off
 * the event loop; four times fflate's speed, measured), so the file
 * holds up to 200,000 rows (INBOX_EXPORT_MAX_ROWS), several hundred MB of XML, more than one
 * JavaScript string can hold (bench/case-export.ts: the whole-sheet string failed there with
 * "Invalid string length"), while the compressed file is a few tens of MB.
 */
export class SpreadsheetWriter {
  private readonly parts: Parts;
  private readonly compressed: Uint8Array[] = [];
  private readonly deflate: DeflateRaw = createDeflateRaw({ level: 6 });
  private crc = 0;
  private size = 0;
  private rowCount = 0;
  private done = false;

  constructor(
    private readonly format: SpreadsheetFormat,
    name: string,
    header: readonly string[],
  ) {
    this.parts = format === 'xlsx' ? xlsxParts(name) : odsParts(name);
    this.deflate.on('data', (chunk: Buffer) => this.compressed.push(chunk));
    this.rowCount += 1;
    const headerRow = format === 'xlsx' ? xlsxRow(header, 1, true) : odsRow(header, true);
    this.write(this.parts.sheetHead + headerRow);
  }

  /** Rows after the header, in order; each becomes XML and is compressed at once. */
  async addRows(rows: readonly (readonly string[])[]): Promise<void> {
    if (this.done) throw new Error('the spreadsheet is finished');
    let text = '';
    for (const row of rows) {
      this.rowCount += 1;
      text += this.format === 'xlsx' ? xlsxRow(row, this.rowCount, false) : odsRow(row, false);
    }
    // Waits while zlib is behind, so the XML never piles up in memory.
    if (text && !this.write(text)) await once(this.deflate, 'drain');
  }

  /** The whole file: a ZIP with every size in its headers (no data descriptors). */
  async finish(): Promise<Uint8Array> {
    if (this.done) throw new Error('the spreadsheet is finished');
    this.done = true;
    const ended = once(this.deflate, 'end');
    this.write(this.parts.sheetTail);
    this.deflate.end();
    await ended;
    const zip = new ZipBuilder();
    for (const [filename, text, stored] of this.parts.before) zip.addWhole(filename, text, stored);
    zip.addCompressed(this.parts.sheetName, this.compressed, this.crc, this.size);
    this.compressed.length = 0;
    for (const [filename, text, stored] of this.parts.after) zip.addWhole(filename, text, stored);
    return zip.finish();
  }

  /** False when zlib asks to wait (its buffer is full). */
  private write(text: string): boolean {
    const bytes = Buffer.from(text, 'utf8');
    this.crc = crc32(bytes, this.crc);
    this.size += bytes.byteLength;
    if (this.size > 0xffffffff) throw new Error('a sheet over 4 GB needs ZIP64');
    return this.deflate.write(bytes);
  }
}

/**
 * The ZIP container (APPNOTE 6.3: local headers, then the central directory), every entry's CRC
 * and sizes known before its header is written, as ODF's stored `mimetype` first entry needs.
 */
class ZipBuilder {
  private readonly chunks: Uint8Array[] = [];
  private readonly central: Uint8Array[] = [];
  private offset = 0;
  private count = 0;

  addWhole(filename: string, text: string, stored: boolean): void {
    const bytes = strToU8(text);
    const data = stored ? bytes : deflateRawSync(bytes, { level: 6 });
    this.addCompressed(filename, [data], crc32(bytes), bytes.byteLength, stored);
  }

  addCompressed(
    filename: string,
    data: readonly Uint8Array[],
    crc: number,
    size: number,
    stored = false,
  ): void {
    const name = strToU8(filename);
    const compressedSize = data.reduce((sum, chunk) => sum + chunk.byteLength, 0);
    if (this.offset + compressedSize > 0xffffffff) throw new Error('a file over 4 GB needs ZIP64');
    const method = stored ? 0 : 8;
    const local = new Uint8Array(30 + name.length);
    const l = new DataView(local.buffer);
    l.setUint32(0, 0x04034b50, true);
    l.setUint16(4, 20, true); // version needed
    l.setUint16(6, 0x0800, true); // UTF-8 names
    l.setUint16(8, method, true);
    l.setUint16(10, 0, true); // time
    l.setUint16(12, 0x21, true); // date: 1980-01-01
    l.setUint32(14, crc >>> 0, true);
    l.setUint32(18, compressedSize, true);
    l.setUint32(22, size, true);
    l.setUint16(26, name.length, true);
    local.set(name, 30);
    const entry = new Uint8Array(46 + name.length);
    const c = new DataView(entry.buffer);
    c.setUint32(0, 0x02014b50, true);
    c.setUint16(4, 20, true); // made by
    entry.set(local.subarray(4, 28), 6); // version needed … name length, as in the local header
    c.setUint32(42, this.offset, true);
    entry.set(name, 46);
    this.central.push(entry);
    this.chunks.push(local, ...data);
    this.offset += local.byteLength + compressedSize;
    this.count += 1;
  }

  finish(): Uint8Array {
    const directorySize = this.central.reduce((sum, entry) => sum + entry.byteLength, 0);
    const end = new Uint8Array(22);
    const e = new DataView(end.buffer);
    e.setUint32(0, 0x06054b50, true);
    e.setUint16(8, this.count, true);
    e.setUint16(10, this.count, true);
    e.setUint32(12, directorySize, true);
    e.setUint32(16, this.offset, true);
    const all = [...this.chunks, ...this.central, end];
    const file = new Uint8Array(this.offset + directorySize + 22);
    let at = 0;
    for (const chunk of all) {
      file.set(chunk, at);
      at += chunk.byteLength;
    }
    return file;
  }
}

type Parts = {
  /** Small parts written before and after the sheet: name, text, stored (not compressed). */
  before: [string, string, boolean][];
  after: [string, string, boolean][];
  sheetName: string;
  sheetHead: string;
  sheetTail: string;
};

function xlsxRow(row: readonly string[], r: number, header: boolean): string {
  const style = header ? ' s="1"' : '';
  let cells = '';
  row.forEach((value, c) => {
    cells += `<c r="${columnName(c)}${r}" t="inlineStr"${style}><is><t xml:space="preserve">${xml(value)}</t></is></c>`;
  });
  return `<row r="${r}">${cells}</row>`;
}

function xlsxParts(name: string): Parts {
  return {
    before: [
      [
        '[Content_Types].xml',
        `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
          '</Types>',
        false,
      ],
      [
        '_rels/.rels',
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>' +
          '</Relationships>',
        false,
      ],
      [
        'xl/workbook.xml',
        `${XML_HEAD}<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
          `<sheets><sheet name="${xml(sheetName(name))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        false,
      ],
      [
        'xl/_rels/workbook.xml.rels',
        `${XML_HEAD}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>' +
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>' +
          '</Relationships>',
        false,
      ],
      [
        'xl/styles.xml',
        `${XML_HEAD}<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
          '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts>' +
          '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
          '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
          '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
          '<cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
          '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs>' +
          '</styleSheet>',
        false,
      ],
    ],
    after: [],
    sheetName: 'xl/worksheets/sheet1.xml',
    sheetTail: '</sheetData></worksheet>',
    sheetHead: `${XML_HEAD}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`,
  };
}

function odsRow(row: readonly string[], header: boolean): string {
  const style = header ? ' table:style-name="header"' : '';
  let cells = '';
  for (const value of row) {
    const lines = value
      .split(/\r\n|\r|\n/)
      .map((line) => `<text:p>${xml(line)}</text:p>`)
      .join('');
    cells += `<table:table-cell office:value-type="string"${style}>${lines}</table:table-cell>`;
  }
  return `<table:table-row>${cells}</table:table-row>`;
}

const ODS_CONTENT_TAIL =
  '</table:table></office:spreadsheet></office:body></office:document-content>';
const ODS_STYLES = `${XML_HEAD}<office:document-styles xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" office:version="1.2"/>`;

function odsParts(name: string): Parts {
  return {
    before: [
      // The media type first and stored, as OpenDocument requires.
      ['mimetype', SPREADSHEET_MEDIA_TYPES.ods, true],
      [
        'META-INF/manifest.xml',
        `${XML_HEAD}<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">` +
          `<manifest:file-entry manifest:full-path="/" manifest:version="1.2" manifest:media-type="${SPREADSHEET_MEDIA_TYPES.ods}"/>` +
          '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>' +
          '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>' +
          '</manifest:manifest>',
        false,
      ],
    ],
    // No shared styles, but readers expect the part.
    after: [['styles.xml', ODS_STYLES, false]],
    sheetName: 'content.xml',
    sheetTail: ODS_CONTENT_TAIL,
    sheetHead:
      `${XML_HEAD}<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"` +
      ' xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"' +
      ' xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"' +
      ' xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"' +
      ' xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" office:version="1.2">' +
      '<office:automatic-styles><style:style style:name="header" style:family="table-cell">' +
      '<style:text-properties fo:font-weight="bold"/></style:style></office:automatic-styles>' +
      `<office:body><office:spreadsheet><table:table table:name="${xml(sheetName(name))}">`,
  };
}
