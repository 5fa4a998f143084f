import type { FastifyInstance, FastifyRequest } from 'fastify';
import { multipart } from './multipart-plugin';
import { AppError } from '../app-error';
import { requestLocale, translate } from '../i18n';
import type { PdfInspector } from '../pdf-inspection/pdf-inspector';
import { inspectUpload, type UploadedFile } from './uploaded-file';

/** The part that carries the file of an upload call. */
export const SINGLE_FILE_PART = 'file';

const fileByRequest = new WeakMap<FastifyRequest, UploadedFile>();

/** The file of an upload call, read and checked by acceptSingleUpload's hook. */
export function singleUploadOf(request: FastifyRequest): UploadedFile {
  const file = fileByRequest.get(request);
  if (!file) throw new AppError(400, 'invalid_request');
  return file;
}

/**
 * Lets the routes of `scope` take exactly one file (the part `file`, read up to `maxFileSize`
 * and checked as a PDF in a worker thread, like a file part of a create) and an optional `json`
 * part that becomes the body the route's schema checks (`{}` without one). Not multipart, no
 * file, another part, or bad JSON: 400 invalid_request; a second file: 400 invalid_request
 * with `files_too_many` on `file` (it is not read).
 */
export async function acceptSingleUpload(
  scope: FastifyInstance,
  options: { maxFileSize: number; pdfInspector: PdfInspector },
): Promise<void> {
  await scope.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: options.maxFileSize, files: 2, fields: 1, parts: 3, fieldSize: 16_384 },
  });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) throw new AppError(400, 'invalid_request');
    let file: UploadedFile | undefined;
    let json: unknown;
    let problem = false;
    let files = 0;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        files += 1;
        if (part.fieldname !== SINGLE_FILE_PART || files > 1) {
          part.file.resume();
          problem ||= part.fieldname !== SINGLE_FILE_PART;
          continue;
        }
        const bytes = await part.toBuffer();
        file = await inspectUpload(request, options.pdfInspector, {
          fieldKey: SINGLE_FILE_PART,
          index: 0,
          filename: part.filename,
          contentType: part.mimetype,
          bytes,
          truncated: part.file.truncated,
        });
      } else if (part.fieldname === 'json' && json === undefined) {
        json = part.value;
      } else {
        problem = true;
      }
    }
    if (files > 1) {
      const code = 'files_too_many';
      throw new AppError(400, 'invalid_request', {
        invalid_fields: [
          {
            invalid_field: SINGLE_FILE_PART,
            error_info: {
              code,
              message: translate(requestLocale(request), 'validation', code, { max: 1 }),
              params: { max: 1 },
            },
          },
        ],
      });
    }
    if (problem || !file) throw new AppError(400, 'invalid_request');
    fileByRequest.set(request, file);
    request.body = parseJsonPart(json);
  });
}

/** The `json` part as the body: absent, `{}`; sent as text, parsed; bad JSON: 400. */
function parseJsonPart(json: unknown): unknown {
  if (json === undefined) return {};
  if (typeof json !== 'string') return json;
  try {
    return JSON.parse(json);
  } catch {
    throw new AppError(400, 'invalid_request');
  }
}
