import type { FastifyRequest } from 'fastify';
import { requestLocale, translate } from '../i18n';
import type { PdfInspector } from '../pdf-inspection/pdf-inspector';
import { invalidFieldsError } from './check-uploads';
import { inspectUpload, type UploadedFile } from './uploaded-file';

// Base64 as RFC 4648 section 4 writes it; MIME line breaks are allowed between its characters.
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const LINE_BREAKS = /\r?\n/g;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The bytes of base64 text, or null when it is not base64 (Buffer.from would skip the rest). */
export function decodeBase64(text: string): Buffer | null {
  const compact = text.replace(LINE_BREAKS, '');
  return BASE64.test(compact) ? Buffer.from(compact, 'base64') : null;
}

/**
 * The inline files of a create or update body, `document.attachments[field][i]` given as
 * `{ filename, content, 'content-encoding': 'base64' }` (spec section 3, Attachment value):
 * decoded and checked like a file part (lib/pdf-inspection), before the route's schema and any
 * transaction; each keeps its place in the list (`position`). Content that is not base64: 400
 * invalid_fields (`attachment_content_invalid`). A body of another shape is left to the schema.
 */
export async function readInlineAttachments(
  request: FastifyRequest,
  pdfInspector: PdfInspector,
): Promise<UploadedFile[]> {
  const body: unknown = request.body;
  const document = isRecord(body) ? body.document : undefined;
  const attachments = isRecord(document) ? document.attachments : undefined;
  if (!isRecord(attachments)) return [];
  const files: UploadedFile[] = [];
  for (const [fieldKey, entries] of Object.entries(attachments)) {
    if (!Array.isArray(entries)) continue;
    for (const [position, entry] of entries.entries()) {
      if (!isRecord(entry) || typeof entry.content !== 'string') continue;
      if (entry['content-encoding'] !== 'base64' || typeof entry.filename !== 'string') continue;
      const bytes = decodeBase64(entry.content);
      if (!bytes) {
        const code = 'attachment_content_invalid';
        const message = translate(requestLocale(request), 'validation', code);
        throw invalidFieldsError('invalid_fields', [
          { invalid_field: fieldKey, error_info: { code, message } },
        ]);
      }
      const contentType = entry['content-type'];
      files.push(
        await inspectUpload(request, pdfInspector, {
          fieldKey,
          index: 0,
          position,
          filename: entry.filename,
          contentType: typeof contentType === 'string' ? contentType : 'application/pdf',
          bytes,
          truncated: false,
        }),
      );
    }
  }
  return files;
}
