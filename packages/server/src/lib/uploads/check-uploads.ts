import type { ErrorCode, InvalidField, Locale, TemplateField } from '@dilosi/domain';
import { AppError } from '../app-error';
import { translate } from '../i18n';
import type { PdfProblem } from '../pdf-inspection/pdf-inspector';
import type { UploadedFile } from './uploaded-file';

/** What the checks read of a file: its bytes (or, for a stored one, its size) and its problem. */
export type FileToCheck = {
  fieldKey: string;
  truncated?: boolean;
  pdfProblem?: PdfProblem | null;
} & ({ bytes: Buffer } | { size: number });

const sizeOf = (file: FileToCheck) => ('bytes' in file ? file.bytes.length : file.size);

const MB = 1_048_576;

/** The size limit of an attachment field: its file-max-size, else FILE_MAX_SIZE. */
export function fileLimitOf(field: TemplateField, fallback: number): number {
  return field['component-params']['file-max-size'] ?? fallback;
}

/**
 * Keeps the uploads aimed at the given attachment fields (others are ignored, like statements
 * of fields the citizen may not change) and checks each: size, PDF type, no password,
 * readable. Any refusal: 400 with the first refusal's code (file_too_large, file_type_invalid,
 * pdf_encrypted, pdf_invalid) and one data.invalid_fields entry per refused file.
 */
export function checkUploads(
  uploads: readonly UploadedFile[],
  attachmentFields: ReadonlyMap<string, TemplateField>,
  options: { fileMaxSize: number; locale: Locale },
): UploadedFile[] {
  return checkFileUploads(
    uploads,
    (key) => {
      const field = attachmentFields.get(key);
      return field ? fileLimitOf(field, options.fileMaxSize) : undefined;
    },
    options,
  );
}

/**
 * The same checks for uploads outside a template (a citizen's message, issue #33): `limitOf`
 * gives the size limit of the uploads aimed at a key, or undefined to ignore them.
 */
export function checkFileUploads<F extends FileToCheck>(
  uploads: readonly F[],
  limitOf: (fieldKey: string) => number | undefined,
  options: { locale: Locale },
): F[] {
  const accepted: F[] = [];
  const refused: InvalidField[] = [];
  let firstLimitMb: number | undefined;
  let firstCode: ErrorCode | undefined;
  for (const upload of uploads) {
    const limit = limitOf(upload.fieldKey);
    if (limit === undefined) continue;
    if (upload.truncated || sizeOf(upload) > limit) {
      const maxMb = Math.round((limit / MB) * 10) / 10;
      firstLimitMb ??= maxMb;
      firstCode ??= 'file_too_large';
      refused.push({
        invalid_field: upload.fieldKey,
        error_info: {
          code: 'file_too_large',
          message: translate(options.locale, 'validation', 'file_too_large', { max_mb: maxMb }),
          params: { max_mb: maxMb },
        },
      });
      continue;
    }
    const problem = upload.pdfProblem;
    if (problem) {
      firstCode ??= problem;
      refused.push({
        invalid_field: upload.fieldKey,
        error_info: { code: problem, message: translate(options.locale, 'validation', problem) },
      });
      continue;
    }
    accepted.push(upload);
  }
  if (firstCode) {
    throw invalidFieldsError(
      firstCode,
      refused,
      firstCode === 'file_too_large' ? { max_mb: firstLimitMb } : {},
    );
  }
  return accepted;
}

/** 400 with the first error's code as the answer's code when it is an upload refusal. */
export function invalidFieldsError(code: ErrorCode, invalidFields: InvalidField[], extra = {}) {
  return new AppError(400, code, { ...extra, invalid_fields: invalidFields });
}
