// Runs in a piscina worker thread, never on the request thread. Plain JavaScript so the worker
// loads the same way under `node --import tsx`, under vitest and in compiled builds.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import { decodeAsciiHex, decodeAscii85, decodeLzw, decodeRunLength } from './pdf-filters.mjs';

// pdf-lib tells the console about every malformed object it skips: not the service's log.
console.log = console.warn = () => {};

const ENCRYPT = Buffer.from('/Encrypt');
// A name ends at white space or a delimiter (PDF 32000-1, 7.2.2).
const END_OF_NAME = '(?=[\\0\\t\\n\\f\\r ()<>[\\]{}/%]|$)';
/** Names that make a PDF run code, start programs or carry other files. */
export const ACTIVE_NAMES = [
  'JS',
  'JavaScript',
  'Launch',
  'EmbeddedFiles',
  'EmbeddedFile',
  'FileAttachment',
  'RichMedia',
  'GoToE',
];
const ACTIVE_NAME = new RegExp(`/(?:${ACTIVE_NAMES.join('|')})${END_OF_NAME}`);
const ACTIVE_NAME_SET = new Set(ACTIVE_NAMES);
const OBJECT_HEADER = /(?:^|[^0-9])\d{1,10}[\0\t\n\f\r ]+\d{1,5}[\0\t\n\f\r ]+obj(?![A-Za-z])/g;
// `stream` after a dictionary, then its end of line (7.3.8.1); not the one of `endstream`.
const STREAM_KEYWORD = />>[\0\t\n\f\r ]*stream(\r\n|\n|\r)/g;
const FILTER_ALIASES = {
  Fl: 'FlateDecode',
  LZW: 'LZWDecode',
  RL: 'RunLengthDecode',
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
};

class TooComplex extends Error {}
class ActiveContent extends Error {}
class Unreadable extends Error {}

/** `#XX` escapes written out, so `/J#61vaScript` reads as `/JavaScript`. */
function withNamesDecoded(text) {
  return text.includes('#')
    ? text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
    : text;
}

function refuseActiveContent(text) {
  if (ACTIVE_NAME.test(withNamesDecoded(text))) throw new ActiveContent();
}

/** The filters of a stream dictionary, in the order they decode: `/Fl` or `[/A85 /Fl]`. */
function filtersOf(dictionary) {
  const match = /\/Filter[\0\t\n\f\r ]*(\/[^\0\t\n\f\r ()<>[\]{}/%]+|\[[^\]]*\])/.exec(dictionary);
  if (!match) return [];
  return [...match[1].matchAll(/\/([^\0\t\n\f\r ()<>[\]{}/%]+)/g)].map(
    ([, name]) => FILTER_ALIASES[name] ?? name,
  );
}

function numberIn(dictionary, key, fallback) {
  const match = new RegExp(
    `/${key}[\\0\\t\\n\\f\\r ]+(\\d+)(?![\\0\\t\\n\\f\\r ]+\\d+[\\0\\t\\n\\f\\r ]+R)`,
  ).exec(dictionary);
  return match ? Number(match[1]) : fallback;
}

/** Where the data of each stream is: `/Length` when it is direct and ends at `endstream`. */
function* streamsOf(text) {
  STREAM_KEYWORD.lastIndex = 0;
  let match;
  while ((match = STREAM_KEYWORD.exec(text))) {
    const start = match.index + match[0].length;
    const header = text.lastIndexOf('obj', match.index);
    const dictionary = withNamesDecoded(text.slice(Math.max(0, header), match.index + 2));
    const length = numberIn(dictionary, 'Length', -1);
    let end;
    if (
      length >= 0 &&
      /^[\0\t\n\f\r ]*endstream/.test(text.slice(start + length, start + length + 32))
    ) {
      end = start + length;
    } else {
      const found = text.indexOf('endstream', start);
      end = found < 0 ? text.length : found;
    }
    STREAM_KEYWORD.lastIndex = end;
    yield { start, end, dictionary };
  }
}

async function* inflate(source) {
  const inflater = zlib.createInflate({
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
    chunkSize: 65_536,
  });
  // A damaged stream ends where it breaks, as in a reader.
  const feeding = pipeline(Readable.from(source), inflater).catch(() => {});
  try {
    for await (const chunk of inflater) yield chunk;
  } catch {
    // The end of what could be inflated.
  } finally {
    inflater.destroy();
    await feeding;
  }
}

const DECODERS = {
  FlateDecode: inflate,
  LZWDecode: decodeLzw,
  RunLengthDecode: decodeRunLength,
  ASCIIHexDecode: decodeAsciiHex,
  ASCII85Decode: decodeAscii85,
};

/** Undoes a PNG (10–15) or TIFF (2) predictor of `/DecodeParms`, for an object stream. */
function withoutPredictor(data, dictionary) {
  const predictor = numberIn(dictionary, 'Predictor', 1);
  if (predictor < 2) return data;
  const colors = numberIn(dictionary, 'Colors', 1);
  const bits = numberIn(dictionary, 'BitsPerComponent', 8);
  const columns = numberIn(dictionary, 'Columns', 1);
  const pixelBytes = Math.max(1, Math.ceil((colors * bits) / 8));
  const rowBytes = Math.ceil((colors * bits * columns) / 8);
  if (predictor === 2) {
    const out = Buffer.from(data);
    for (let row = 0; row < out.length; row += rowBytes) {
      for (let i = row + pixelBytes; i < Math.min(row + rowBytes, out.length); i++) {
        out[i] = (out[i] + out[i - pixelBytes]) & 255;
      }
    }
    return out;
  }
  const rows = Math.floor(data.length / (rowBytes + 1));
  const out = Buffer.alloc(rows * rowBytes);
  for (let row = 0; row < rows; row++) {
    const type = data[row * (rowBytes + 1)];
    const input = row * (rowBytes + 1) + 1;
    const at = row * rowBytes;
    for (let i = 0; i < rowBytes; i++) {
      const raw = data[input + i];
      const left = i >= pixelBytes ? out[at + i - pixelBytes] : 0;
      const up = row > 0 ? out[at + i - rowBytes] : 0;
      const upLeft = row > 0 && i >= pixelBytes ? out[at + i - rowBytes - pixelBytes] : 0;
      let value = raw;
      if (type === 1) value = raw + left;
      else if (type === 2) value = raw + up;
      else if (type === 3) value = raw + ((left + up) >> 1);
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        value = raw + (pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft);
      }
      out[at + i] = value & 255;
    }
  }
  return out;
}

/**
 * Reads the file as a PDF reader would find its objects, without trusting it: every stream is
 * decoded through its filters within one budget of output bytes for the whole file (counted,
 * not kept), object streams are kept (each within its own budget) and read like the rest of
 * the file. Refuses active content (`ActiveContent`) and files past a limit (`TooComplex`).
 */
async function scan(bytes, limits) {
  const text = bytes.toString('latin1');
  const streams = [...streamsOf(text)];
  // The file's own syntax, without stream data (binary data would match names by chance).
  const outside = [];
  let from = 0;
  for (const stream of streams) {
    outside.push(text.slice(from, stream.start));
    from = stream.end;
  }
  outside.push(text.slice(from));
  const syntax = outside.join('\n');
  refuseActiveContent(syntax);

  let objects = syntax.match(OBJECT_HEADER)?.length ?? 0;
  if (objects > limits.maxObjects) throw new TooComplex();

  let budget = limits.maxInflatedBytes;
  for (const { start, end, dictionary } of streams) {
    const filters = filtersOf(dictionary);
    const isObjectStream = /\/(?:First|Type[\0\t\n\f\r ]*\/ObjStm)(?![A-Za-z0-9])/.test(dictionary);
    if (isObjectStream) {
      objects += numberIn(dictionary, 'N', 0);
      if (objects > limits.maxObjects) throw new TooComplex();
    }
    let chunks = [bytes.subarray(start, end)];
    for (const filter of filters) {
      const decode = DECODERS[filter];
      // Image data from here on (never PDF objects), or a filter no reader has.
      if (!decode) {
        if (isObjectStream) throw new Unreadable();
        break;
      }
      chunks = decode(chunks);
    }
    const kept = [];
    let size = 0;
    for await (const chunk of chunks) {
      budget -= chunk.length;
      size += chunk.length;
      if (budget < 0) throw new TooComplex();
      if (isObjectStream) {
        if (size > limits.maxObjectStreamBytes) throw new TooComplex();
        kept.push(chunk);
      }
    }
    if (!isObjectStream) continue;
    refuseActiveContent(withoutPredictor(Buffer.concat(kept), dictionary).toString('latin1'));
  }
}

/**
 * What the scan finds wrong (`pdf_too_complex`, `pdf_active_content`, `pdf_invalid`), or null.
 * Exported for unit tests.
 */
export async function scanPdf(bytes, limits) {
  try {
    await scan(bytes, limits);
    return null;
  } catch (error) {
    if (error instanceof TooComplex) return 'pdf_too_complex';
    if (error instanceof ActiveContent) return 'pdf_active_content';
    if (error instanceof Unreadable) return 'pdf_invalid';
    throw error;
  }
}

/** Keys and name values of every object pdf-lib found, as a second opinion on the scan. */
export function hasActiveObjects(document) {
  const seen = new Set();
  const visit = (object, depth) => {
    if (depth > 32 || object === undefined || seen.has(object)) return false;
    if (object instanceof PDFName) return ACTIVE_NAME_SET.has(object.decodeText());
    if (object instanceof PDFStream) return visit(object.dict, depth);
    if (object instanceof PDFDict) {
      seen.add(object);
      for (const [key, value] of object.entries()) {
        if (ACTIVE_NAME_SET.has(key.decodeText()) || visit(value, depth + 1)) return true;
      }
    } else if (object instanceof PDFArray) {
      seen.add(object);
      for (let i = 0; i < object.size(); i++) if (visit(object.get(i), depth + 1)) return true;
    }
    return false;
  };
  return document.context.enumerateIndirectObjects().some(([, object]) => visit(object, 0));
}

/** What is wrong with an attachment as a PDF, or null (codes of the domain's error list). */
export default async function inspectPdf({ bytes, limits, started }) {
  started?.postMessage('started');
  started?.close();
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The trailer (or the cross-reference stream) names the encryption dictionary near the end.
  if (buffer.subarray(Math.max(0, buffer.length - 4096)).includes(ENCRYPT)) return 'pdf_encrypted';
  const problem = await scanPdf(buffer, limits);
  if (problem) return problem;
  let document;
  try {
    document = await PDFDocument.load(buffer, { updateMetadata: false });
  } catch (error) {
    return error instanceof EncryptedPDFError ? 'pdf_encrypted' : 'pdf_invalid';
  }
  if (document.isEncrypted) return 'pdf_encrypted';
  if (hasActiveObjects(document)) return 'pdf_active_content';
  try {
    return document.getPageCount() > 0 ? null : 'pdf_invalid';
  } catch {
    return 'pdf_invalid';
  }
}
