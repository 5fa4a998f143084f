import type { AttachmentWrite, InvalidField, Locale, TemplateField } from '@dilosi/domain';
import { translate } from '../../lib/i18n';
import { checkFileUploads, fileLimitOf, invalidFieldsError } from '../../lib/uploads/check-uploads';
import {
  findPendingUploads,
  type PendingUploadInfo,
  type PendingUploadTake,
} from '../../lib/uploads/pending-uploads';
import type { UploadedFile } from '../../lib/uploads/read-multipart-body';
import { fileIdOfContentUri } from '../../lib/attachment-download';
import type { DocumentFileInfo, Queryable } from './document-queries';

/**
 * The file an attachment value names: its `file_id`, or the file its `content-uri` names (an
 * address that names none: the address itself, which no file has, so the field reports
 * attachment_not_found). Undefined for a file inline.
 */
export function namedFileId(entry: AttachmentWrite): string | undefined {
  if ('file_id' in entry) return entry.file_id;
  if ('content-uri' in entry)
    return fileIdOfContentUri(entry['content-uri']) ?? entry['content-uri'];
  return undefined;
}

export type AttachmentPlan = {
  /** What each field will hold, for validation (size is all validateValues reads). */
  byField: Record<string, { size: number }[]>;
  /** Stored files to delete (dropped by the citizen or replaced by an upload). */
  removeIds: string[];
  /** Uploads to store, one per field and position (a later part wins). */
  add: UploadedFile[];
  /** Pending uploads of the caller (POST /api/attachments) the document takes. */
  take: PendingUploadTake[];
  /** Fields naming a file_id that is neither theirs nor a pending upload of the caller. */
  missing: string[];
};

/**
 * The files of the given attachment fields after a write. `attachments` lists a field's files
 * (a field not mentioned keeps all of them): a stored file's `file_id` keeps it, a pending
 * upload's `file_id` and an inline file are added after the others; a multipart part replaces
 * the file at its position. Fields outside `fieldKeys` are not touched.
 */
export function planAttachments(
  existing: readonly DocumentFileInfo[],
  attachments: Readonly<Record<string, readonly AttachmentWrite[]>>,
  uploads: readonly UploadedFile[],
  fieldKeys: readonly string[],
  pending: ReadonlyMap<string, PendingUploadInfo> = new Map(),
): AttachmentPlan {
  const plan: AttachmentPlan = { byField: {}, removeIds: [], add: [], take: [], missing: [] };
  const taken = new Set<string>();
  for (const key of fieldKeys) {
    const stored = existing.filter((file) => file.field_key === key);
    const entries = attachments[key];
    const keptIds = entries ? new Set(entries.flatMap((entry) => namedFileId(entry) ?? [])) : null;
    const added = new Map<number, UploadedFile>();
    for (const upload of uploads) {
      if (upload.fieldKey === key && upload.position === undefined) added.set(upload.index, upload);
    }
    const kept = stored.filter(
      (file) => (keptIds === null || keptIds.has(file.id)) && !added.has(file.attachment_index),
    );
    plan.removeIds.push(...stored.filter((file) => !kept.includes(file)).map((file) => file.id));
    plan.add.push(...added.values());
    const sizes = [
      ...kept.map((file) => ({ size: file.size })),
      ...[...added.values()].map((upload) => ({ size: upload.bytes.length })),
    ];
    let next = Math.max(-1, ...kept.map((file) => file.attachment_index), ...added.keys()) + 1;
    for (const [position, entry] of (entries ?? []).entries()) {
      const fileId = namedFileId(entry);
      if (fileId !== undefined) {
        if (stored.some((file) => file.id === fileId) || taken.has(fileId)) continue;
        const upload = pending.get(fileId);
        if (!upload) {
          if (!plan.missing.includes(key)) plan.missing.push(key);
          continue;
        }
        taken.add(upload.id);
        plan.take.push({ id: upload.id, fieldKey: key, index: next++, size: upload.size });
        sizes.push({ size: upload.size });
      } else {
        const upload = uploads.find((file) => file.fieldKey === key && file.position === position);
        if (!upload) continue;
        plan.add.push({ ...upload, index: next++ });
        sizes.push({ size: upload.bytes.length });
      }
    }
    plan.byField[key] = sizes;
  }
  return plan;
}

/**
 * planAttachments for a write of `ownerId`, in its transaction: the pending uploads it names are
 * looked up (and locked) first, and each is checked against its field's size limit. A file_id
 * that is not the document's, nor a pending upload of the caller that has not expired: 400
 * invalid_fields (`attachment_not_found`).
 */
export async function planDocumentAttachments(
  db: Queryable,
  input: {
    existing: readonly DocumentFileInfo[];
    attachments: Readonly<Record<string, readonly AttachmentWrite[]>>;
    /** Checked uploads (checkUploads) of the attachment fields. */
    uploads: readonly UploadedFile[];
    fields: ReadonlyMap<string, TemplateField>;
    ownerId: string;
    fileMaxSize: number;
    locale: Locale;
  },
): Promise<AttachmentPlan> {
  const { existing, attachments, fields, locale } = input;
  const storedIds = new Set(existing.map((file) => file.id));
  const referenced = [...fields.keys()].flatMap((key) =>
    (attachments[key] ?? []).flatMap((entry) => {
      const fileId = namedFileId(entry);
      return fileId !== undefined && !storedIds.has(fileId) ? [fileId] : [];
    }),
  );
  const pending = await findPendingUploads(db, input.ownerId, referenced);
  const plan = planAttachments(
    existing,
    attachments,
    input.uploads,
    [...fields.keys()],
    new Map(pending.map((upload) => [upload.id, upload])),
  );
  if (plan.missing.length > 0) {
    const code = 'attachment_not_found';
    const message = translate(locale, 'validation', code);
    throw invalidFieldsError(
      'invalid_fields',
      plan.missing.map((key): InvalidField => ({
        invalid_field: key,
        error_info: { code, message },
      })),
    );
  }
  // Checked against FILE_MAX_SIZE (or the field it was uploaded for) then; against this field now.
  checkFileUploads(
    plan.take,
    (key) => {
      const field = fields.get(key);
      return field ? fileLimitOf(field, input.fileMaxSize) : undefined;
    },
    { locale },
  );
  return plan;
}
