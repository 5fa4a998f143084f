import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../app-error';
import { multipart } from './multipart-plugin';
import type { PdfInspector } from '../pdf-inspection/pdf-inspector';
import { readInlineAttachments } from './read-inline-attachments';
import { inspectUpload, type UploadedFile } from './uploaded-file';

export type { UploadedFile } from './uploaded-file';

const uploadsByRequest = new WeakMap<FastifyRequest, UploadedFile[]>();

/** The file parts of a multipart create or update and its inline base64 attachments. */
export function uploadsOf(request: FastifyRequest): UploadedFile[] {
  return uploadsByRequest.get(request) ?? [];
}

function keepUploads(request: FastifyRequest, uploads: readonly UploadedFile[]): void {
  if (uploads.length === 0) return;
  uploadsByRequest.set(request, [...uploadsOf(request), ...uploads]);
}

/** A request may carry this many maximum-size files' worth of bytes in all. */
const MAX_TOTAL_FACTOR = 5;

const FILE_PART = /^file__([a-z][a-z0-9_]*)(?:#(\d{1,2}))?$/;

/**
 * Lets the routes of `scope` take multipart bodies (a `json` part and file parts) as well as
 * JSON: files up to `maxFileSize` each, at most `files` of them, read and checked by
 * multipartBodyReader before the route's schema sees the body.
 */
export async function acceptMultipartUploads(
  scope: FastifyInstance,
  options: { maxFileSize: number; pdfInspector: PdfInspector; files: number },
): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: options.maxFileSize,
      files: options.files,
      fields: 5,
      parts: options.files + 5,
      fieldSize: 1_048_576,
    },
  });
  scope.addHook('preValidation', multipartBodyReader(options.maxFileSize, options.pdfInspector));
}

/**
 * preValidation of create and update: a multipart request's `json` part becomes the body (so
 * the route's schema checks it as for JSON) and its file parts are kept for uploadsOf, each
 * read up to `maxFileSize` (the parser's cap) and checked as a PDF in a worker thread
 * (lib/pdf-inspection). No `json` part, bad JSON or an unknown part name: 400 invalid_request;
 * a control character in a file name: 400 text_invalid_characters; more than 5 maximum-size
 * files in all: 413; the checking workers' queue full: 503. Inline base64 attachments of the
 * body (JSON or the `json` part) are decoded and checked the same way (read-inline-attachments).
 */
export function multipartBodyReader(maxFileSize: number, pdfInspector: PdfInspector) {
  return async (request: FastifyRequest) => {
    await readMultipartBody(request, maxFileSize, pdfInspector);
    keepUploads(request, await readInlineAttachments(request, pdfInspector));
  };
}

async function readMultipartBody(
  request: FastifyRequest,
  maxFileSize: number,
  pdfInspector: PdfInspector,
): Promise<void> {
  if (!request.isMultipart()) return;
  const uploads: UploadedFile[] = [];
  // A `json` part sent as application/json arrives already parsed by @fastify/multipart.
  let json: { text: string } | { parsed: unknown } | undefined;
  let problem = false;
  let total = 0;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const bytes = await part.toBuffer();
      total += bytes.length;
      // Files are held in memory until checked: a request carries a bounded total.
      if (total > MAX_TOTAL_FACTOR * maxFileSize) {
        throw new AppError(413, 'payload_too_large');
      }
      const match = FILE_PART.exec(part.fieldname);
      if (!match?.[1]) {
        problem = true;
        continue;
      }
      uploads.push(
        await inspectUpload(request, pdfInspector, {
          fieldKey: match[1],
          index: match[2] === undefined ? 0 : Number(match[2]),
          filename: part.filename,
          contentType: part.mimetype,
          bytes,
          truncated: part.file.truncated,
        }),
      );
    } else if (part.fieldname === 'json' && json === undefined) {
      json = typeof part.value === 'string' ? { text: part.value } : { parsed: part.value };
    } else {
      problem = true;
    }
  }
  if (problem || json === undefined) throw new AppError(400, 'invalid_request');
  keepUploads(request, uploads);
  if ('parsed' in json) {
    request.body = json.parsed;
    return;
  }
  try {
    request.body = JSON.parse(json.text);
  } catch {
    throw new AppError(400, 'invalid_request');
  }
}
