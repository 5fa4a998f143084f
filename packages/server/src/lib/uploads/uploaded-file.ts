import type { FastifyRequest } from 'fastify';
import { hasInvalidCharacters, invalidCharactersError } from '../input-hygiene';
import type { PdfInspector, PdfProblem } from '../pdf-inspection/pdf-inspector';

/**
 * A file of a create or update: a part `file__{fieldKey}` or `file__{fieldKey}#{index}`, or an
 * inline base64 value of `document.attachments[fieldKey]` (then `position` is its place there).
 */
export type UploadedFile = {
  fieldKey: string;
  index: number;
  /** An inline value's place in `document.attachments[fieldKey]`; a part has none. */
  position?: number;
  filename: string;
  contentType: string;
  bytes: Buffer;
  /** Longer than the parser's cap: only the first bytes were kept. */
  truncated: boolean;
  /** What is wrong with it as a PDF; checked here, before any transaction holds a lock. */
  pdfProblem: PdfProblem | null;
};

// A control character (U+0000 to U+001F, U+007F to U+009F) has no place in a file name: U+0000
// cannot be stored, the others could break a download's header or a listing's line.
const CONTROL_CHARACTER = /\p{Cc}/u;

/** Whether a file name may be kept as the person chose it (see CONTROL_CHARACTER). */
export function isFilenameAllowed(filename: string): boolean {
  return !CONTROL_CHARACTER.test(filename) && !hasInvalidCharacters(filename);
}

/**
 * A file as it came (a part, or inline base64) made an UploadedFile: its name checked, and its
 * bytes checked as a PDF in a worker thread (unless cut short: it is refused for its size).
 */
export async function inspectUpload(
  request: FastifyRequest,
  pdfInspector: PdfInspector,
  file: Omit<UploadedFile, 'pdfProblem'>,
): Promise<UploadedFile> {
  // Refused rather than cleaned: no browser sends such a name, and a cleaned one would not be
  // the name the citizen chose (docs/decisions.md).
  if (!isFilenameAllowed(file.filename)) throw invalidCharactersError(request, file.fieldKey);
  return {
    ...file,
    filename: file.filename.slice(0, 255) || 'file',
    pdfProblem: file.truncated ? null : await pdfInspector.inspect(file.bytes, file.contentType),
  };
}
